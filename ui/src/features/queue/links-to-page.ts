/**
 * cast-decide "What you see": a card links to its decision's page (`/decisions/sd-N`) when the
 * decision has a document (a report or a body), an option page, or an ask whose answer is
 * anything but a single choice — what a compact card cannot carry in full.
 */
import type { DecisionView } from '../../../../domain/decision';

export function linksToPage(decision: Pick<DecisionView, 'documents' | 'asks'>): boolean {
  const { documents } = decision;
  if (documents.report || documents.doc || Object.keys(documents.options ?? {}).length > 0) return true;
  return decision.asks.some((ask) => ask.kind !== 'decision' || ask.multiple);
}

/** The decision's document page. */
export const decisionPageHref = (id: string) => `/decisions/${encodeURIComponent(id)}`;
