import { DecisionId } from '../../domain/decision-schema';
import { decisionNotFound } from '../services/answer-ask';

/** A malformed id is just an id that does not exist here. */
export function decisionIdParam(value: string): string {
  const id = DecisionId.safeParse(value);
  if (!id.success) throw decisionNotFound();
  return id.data;
}
