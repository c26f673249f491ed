/**
 * What the routes answer with. Records that domain/ defines as zod schemas are documented
 * from them; the others are TypeScript types only today (named in each description), so
 * they appear as open objects until domain/ gives them a schema.
 */
import { z } from 'zod';
import { ActivityEntry } from '../../domain/activity';
import { Agent } from '../../domain/agent';
import { Mission } from '../../domain/mission';
import { Run } from '../../domain/run';
import { Session, SessionDetail } from '../../domain/session';
import { SessionMessage } from '../../domain/session-message';
import { Task } from '../../domain/task';
import { ToolGrant } from '../../domain/tool-grant';

/** A record defined as a TypeScript type in `source`: an object whose members that type lists. */
function typed(id: string, source: string, description: string) {
  return z.looseObject({}).meta({ id, description: `${description} Fields: \`${source}\`.` });
}

export const views = {
  Agent: Agent.meta({ id: 'Agent' }),
  ToolGrant: ToolGrant.meta({ id: 'ToolGrant' }),
  Mission: Mission.meta({ id: 'Mission' }),
  Task: Task.meta({ id: 'Task' }),
  Run: Run.meta({ id: 'Run' }),
  Session: Session.meta({ id: 'Session' }),
  SessionDetail: SessionDetail.meta({ id: 'SessionDetail' }),
  SessionMessage: SessionMessage.meta({ id: 'SessionMessage' }),
  ActivityEntry: ActivityEntry.meta({ id: 'ActivityEntry' }),
  Decision: typed('Decision', 'DecisionView in domain/decision.ts', 'A decision: its asks with their answers, status, links, delivery and documents.'),
  DecisionDetail: typed('DecisionDetail', 'DecisionDetail in db/decision-detail.ts', 'What the detail pane adds: the names behind its links, session liveness, who answered, the pending and delivery lines, undo per ask, recurrence.'),
  QueueCard: typed('QueueCard', 'DecisionView & QueueCardFacts in domain/decision.ts, domain/queue.ts', 'A decision as the queue lists it, with `blocking`, `stackPlace`, `dormant` and names.'),
  HealthLine: typed('HealthLine', 'HealthLine in domain/health.ts', "The queue's health line: band, n, median, open, culprit."),
  ArchiveAllResult: typed('ArchiveAllResult', 'ArchiveAllResult in domain/queue.ts', 'archived, alreadyAnswered, alreadyClosed, failed, remaining.'),
  Stack: typed('Stack', 'StackView in domain/stack.ts', 'A stack: title, members in order, dueAt, autoDefaultMs, status, overdue.'),
  Approval: typed('Approval', 'Approval in domain/approval.ts', 'A proposed action, its risks and its verdict.'),
  Escalation: typed('Escalation', 'Escalation in domain/escalation.ts', 'Why an agent gave up, what must be decided, and its resolution.'),
  InboxMessage: typed('InboxMessage', 'InboxMessage in db/inbox.ts', 'An approval or escalation as a message, with the decision that carries it.'),
  TaskComment: typed('TaskComment', 'TaskComment in db/task-comments.ts', "An entry on a task's thread."),
  Webhook: typed('Webhook', 'Webhook in domain/webhook.ts', 'A push endpoint: id, url, events, createdAt.'),
  HealthSettings: typed('HealthSettings', 'HealthSettings in domain/health.ts', 'healthyCeiling, quietDays, hiddenUntil.'),
  Analytics: typed('Analytics', 'Analytics in domain/analytics.ts', 'Decisions per day, time to decide, asks per decision, restart outcomes, undo rate, band transitions.'),
};

/** Wraps a view as the one member of a response object: `{ "decision": … }`. */
export function one(key: string, schema: z.ZodType) {
  return z.object({ [key]: schema });
}

/** `{ "decisions": [ … ] }`. */
export function many(key: string, schema: z.ZodType) {
  return z.object({ [key]: z.array(schema) });
}
