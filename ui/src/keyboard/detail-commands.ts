/**
 * What the queue's keys ask of the decision on screen (§6.17). The detail pane provides them
 * while it is drawn, so a key calls the pane's own action rather than clicking its buttons. Each
 * returns null when it acted, else why it could not, in the catalogue's words (issue 38 item 6).
 */
import type { AnswerValue } from '../../../domain/ask-schema';

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

export type UnsentAnswer = { value: AnswerValue; reason?: string };

/**
 * What an ask control offers the keys (and the pane, its unsent answer). `land` takes focus on the ask: a choice or a fact on
 * its field, a verdict (approve, grant, mark done) on the ask itself, one key from nothing.
 */
export type AskCommands = {
  land: () => void;
  /**
   * What the person has filled in but not sent (issue 39 item 6): the answer, ready to send
   * with the one that closes the decision; `incomplete` when it cannot go as it is (the control
   * has then shown what is missing); null when nothing was filled in.
   */
  unsent?: () => UnsentAnswer | 'incomplete' | null;
  approve?: () => void;
  reject?: () => void;
  focusReason?: () => void;
};
