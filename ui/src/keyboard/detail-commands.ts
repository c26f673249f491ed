/**
 * What the queue's keys ask of the decision on screen (§6.17). The detail pane provides them
 * while it is drawn, so a key calls the pane's own action rather than clicking its buttons. Each
 * returns null when it acted, else why it could not, in the catalogue's words (issue 38 item 6).
 */
export type DetailCommands = {
  /** Enter on the selected card: its first open ask — never a verdict's button (a second Enter would press it). */
  focusFirstAsk: () => void;
  /** 1–9: the nth ask, or, past the last, a word on how many there are. */
  focusAsk: (n: number) => string | null;
  /** y: approve the approval ask in focus, else the first open one. */
  approve: () => string | null;
  /** n: open that ask's required reason. */
  reject: () => string | null;
  /** w: the reason field of the ask in focus, else the first open one's. */
  focusReason: () => string | null;
  /** u: restore the decision just archived here, else undo the newest answer, else say why neither. */
  undoLatest: () => string | null;
  /** e: archive the decision, once. */
  archive: () => string | null;
};

/**
 * What an ask control offers the keys. `land` takes focus on the ask: a choice or a fact on
 * its field, a verdict (approve, grant, mark done) on the ask itself, one key from nothing.
 */
export type AskCommands = {
  land: () => void;
  approve?: () => void;
  reject?: () => void;
  focusReason?: () => void;
};
