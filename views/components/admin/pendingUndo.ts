// What a status change's answer says about its Undo, as the banner (UndoBanner.tsx) shows it.

/** A change that can still be undone: the server's id for it, the time left, and the status it moved to. */
export interface PendingUndo {
  changeId: string;
  msLeft: number;
  label: string;
}

/** The status change's answer, as the server sends it (`undo` null when the change e-mailed nobody). */
export interface UndoAnswer {
  application: { statusLabel: string };
  undo: { changeId: string; msLeft: number } | null;
}

export const pendingUndo = (answer: UndoAnswer): PendingUndo | null => answer.undo && { ...answer.undo, label: answer.application.statusLabel };
