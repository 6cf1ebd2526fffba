// A date and time as people in Lagos read it ("1 Mar 2026, 10:36"), never broken across lines mid-number.
import { formatDateTime } from "../../lib/format.ts";

export function DateTime({ value }: { value: string }) {
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatDateTime(value)}
    </time>
  );
}
