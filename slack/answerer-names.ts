/** The names of the members who answered a decision's asks, for "Answered by Dana". */
import type { DecisionView } from '../domain/decision';
import type { Queryable } from '../db/pool';
import { getMember } from '../db/tenancy';

export async function answererNames(
  db: Queryable,
  workspaceId: string,
  decision: Pick<DecisionView, 'asks'>,
): Promise<Record<string, string>> {
  const ids = [...new Set(decision.asks.flatMap((ask) => (ask.answer && !ask.answer.automatic ? [ask.answer.answeredBy] : [])))];
  const members = await Promise.all(ids.map((id) => getMember(db, workspaceId, id)));
  return Object.fromEntries(members.flatMap((member) => (member ? [[member.id, member.name]] : [])));
}
