import { notFound } from '../../domain/errors';
import { DecisionId } from '../../domain/decision-schema';

/** A malformed id is just an id that does not exist here. */
export function decisionIdParam(value: string): string {
  const id = DecisionId.safeParse(value);
  if (!id.success) throw notFound('decision');
  return id.data;
}
