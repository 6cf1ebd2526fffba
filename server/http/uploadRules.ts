// The upload limit and its messages, shown before a file is sent (the wizard's slots, requested and missing documents).
import { SAVE_FIRST } from "../domain/files.ts";
import { MAX_FILE_BYTES, TOO_LARGE } from "../middleware/upload.ts";

export const UPLOAD_RULES = { maxBytes: MAX_FILE_BYTES, tooLarge: TOO_LARGE, saveFirst: SAVE_FIRST };
