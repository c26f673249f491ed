/**
 * What the queue's keys ask of the decision on screen (§6.17). The detail pane provides them
 * while it is drawn, so a key calls the pane's own action rather than clicking its buttons.
 */
export type DetailCommands = {
  /** Enter on the selected card: its first open ask — never a verdict's button (a second Enter would press it). */
  focusFirstAsk: () => void;
  /** 1–9: the nth ask, or, past the last, a word on how many there are. */
  focusAsk: (n: number) => void;
  /** y: approve the approval ask in focus, else the first open one. */
  approve: () => void;
  /** n: open that ask's required reason. */
  reject: () => void;
  /** w: the reason field of the ask in focus, else the first one's. */
  focusReason: () => void;
  /** u: undo the newest answer, or say why it cannot be undone. */
  undoLatest: () => void;
  /** e: archive the decision. */
  archive: () => void;
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
