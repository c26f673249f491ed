/**
 * Whether a decision holds work (FR-3, FR-11, cast-decide "Blocking and advisory"): it was
 * posted blocking, so its agent waits on the answer. An advisory decision never does: its
 * agent carries on with its default, even when its run is parked or its task blocked by
 * something else. One rule for every surface — the card's chip, the detail's line, the
 * header's count and the rank; the queue's SQL says the same (`BLOCKING` in
 * db/decision-queries.ts), and test/api/queue-rank.property.test.ts holds it to this.
 */
import type { DecisionMode } from './decision';

export function isBlocking(mode: DecisionMode): boolean {
  return mode === 'blocking';
}
