/** Where `cast decide --stack ds-N` put the new decision: its place in the checklist and its auto-default. */
import type { DecisionView } from '../../../domain/decision';
import type { Client } from '../../http';
import { hint } from '../../output';
import { formatLocal } from '../../when';
import { autoDefaultAt } from './present';
import { getChecklist } from './get-checklist';

export type StackPlace = { id: string; title: string; position: number; of: number; autoDefaultAt: string | null };

/** Null when the decision is not in the stack (the card's notes say why). */
export async function stackPlace(api: Client, stackId: string, decision: DecisionView): Promise<StackPlace | null> {
  let checklist;
  try {
    checklist = await getChecklist(api, stackId);
  } catch (error) {
    // The decision is filed either way; say so rather than fail a command that worked.
    hint(`cast: ${decision.id} was filed; could not read ${stackId} back: ${(error as Error).message}`);
    return null;
  }
  const { stack } = checklist;
  const index = stack.members.findIndex((member) => member.decisionId === decision.id);
  if (index === -1) return null;
  const advisory = decision.mode === 'advisory' && decision.defaultOption !== null;
  return {
    id: stack.id,
    title: stack.title,
    position: index + 1,
    of: stack.members.length,
    autoDefaultAt: advisory ? autoDefaultAt(stack, decision.id) : null,
  };
}

export function placeLine(place: StackPlace, decision: DecisionView, now: Date): string {
  const auto = place.autoDefaultAt
    ? `; unless answered first, it takes its default (option ${decision.defaultOption}) at ${formatLocal(new Date(place.autoDefaultAt), now)}`
    : '';
  return `In stack ${place.id} (${place.title}): item ${place.position} of ${place.of}${auto}.`;
}
