/** The API's shapes as the web queue reads them (the server's own types live in domain/). */
import type { Agent } from '../../domain/agent';
import type { Approval } from '../../domain/approval';
import type { Escalation } from '../../domain/escalation';
import type { DecisionView } from '../../domain/decision';
import type { HealthLine, HealthSettings } from '../../domain/health';
import type { QueueCardFacts } from '../../domain/queue';
import type { UndoState } from '../../domain/undo';

export type { Agent, Approval, DecisionView, Escalation, HealthLine, HealthSettings };
export type AskView = DecisionView['asks'][number];
export type QueueCard = DecisionView & QueueCardFacts;
export type QueuePage = {
  decisions: QueueCard[];
  counts: { open: number; blocking: number; total: number };
  history: { decisions: number; lastOpenedAt: string | null };
  /** The health line (FR-51…FR-55); null when there is none to show — never an error. */
  health: HealthLine | null;
};
export type DecisionDetail = {
  agent: { id: string; name: string } | null;
  task: { id: string; title: string; status: string } | null;
  run: { id: string; status: string } | null;
  members: Record<string, string>;
  lines: { pending: string | null; delivery: string | null };
  /** What Undo offers on each answered ask, by position. */
  undo: Record<number, UndoState>;
  /** FR-56, FR-57: its agent keeps asking this; the draft rule comes from the latest answer. */
  recurring: { count: number; agent: { id: string; name: string }; draftRule: string | null } | null;
};
export type DetailResponse = { decision: DecisionView; detail: DecisionDetail };

export type { Analytics } from '../../domain/analytics';

/** `GET /api/v1/home`: the queue's counts and up to five pending approvals (§6.16). */
export type HomeRead = { counts: { open: number; blocking: number }; approvals: Approval[] };

/** One `GET /api/v1/inbox` message: an approval or an escalation, with the decision that carries it. */
export type { InboxMessage } from '../../domain/inbox';
