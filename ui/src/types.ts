/** The API's shapes as the web queue reads them (the server's own types live in domain/). */
import type { DecisionView } from '../../domain/decision';
import type { QueueCardFacts } from '../../domain/queue';
import type { UndoState } from '../../domain/undo';

export type { DecisionView };
export type AskView = DecisionView['asks'][number];
export type QueueCard = DecisionView & QueueCardFacts;
export type QueuePage = {
  decisions: QueueCard[];
  counts: { open: number; blocking: number; total: number };
  history: { decisions: number; lastOpenedAt: string | null };
};
export type DecisionDetail = {
  agent: { id: string; name: string } | null;
  task: { id: string; title: string; status: string } | null;
  run: { id: string; status: string } | null;
  members: Record<string, string>;
  lines: { pending: string | null; delivery: string | null };
  /** What Undo offers on each answered ask, by position. */
  undo: Record<number, UndoState>;
};
export type DetailResponse = { decision: DecisionView; detail: DecisionDetail };
