/**
 * Permission prompts and terminal questions (cast-decide "Permission prompts in the same
 * queue"): a host's request with no authored payload. The card shows what the session last
 * said and its pinned state; a permission card answers with y / n only. In the list it is
 * answered like any decision, beside the list, and stays on screen once answered.
 */
import type { DecisionView } from '../../../domain/decision-view-schema';

export type HostPromptSource = Extract<NonNullable<DecisionView['source']>, { kind: 'permission' | 'terminal' }>;

export function hostPromptOf(decision: Pick<DecisionView, 'source'> | null | undefined): HostPromptSource | null {
  const source = decision?.source;
  return source && (source.kind === 'permission' || source.kind === 'terminal') ? source : null;
}

export function isPermissionCard(decision: Pick<DecisionView, 'source'> | null | undefined): boolean {
  return decision?.source?.kind === 'permission';
}
