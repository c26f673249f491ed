/**
 * A host's prompt as a card in the Cast queue: filed in the host's session (filing registers the
 * session and its project), then waited on until it leaves open. Taking it out again is
 * withdraw.ts's. What a host says for each outcome is its own.
 */
import type { DecisionView } from '../../domain/decision';
import { AlwaysAllows } from '../../domain/host-prompt';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import type { CastApi } from './cast-api';
import type { HostPrompt } from './prompt';

/** How long one long-poll asks Cast to hold it; the caller's signal cuts the wait off whenever. */
const SLICE_SECONDS = 25;

/**
 * One prompt being asked: its card once Cast has filed it (until then its request id finds it).
 * One per `ask`, never shared: many may be in flight at once in one process.
 */
export type Filing = { api: CastApi; prompt: HostPrompt; card: DecisionView | null };

/**
 * The rules the host keeps on "always", when it offers that: the card offers "Approve, and always
 * allow" only then, and only with words Cast takes for a card (else it offers no "always").
 */
export function alwaysAllowsOf(prompt: HostPrompt): string[] {
  const always = prompt.options.find((option) => option.kind === 'allow_always');
  if (!always) return [];
  const keeps = always.keeps?.length ? always.keeps : [always.name];
  return AlwaysAllows.safeParse(keeps).success ? keeps : [];
}

/** Files the call as a permission card: the whole input goes, and Cast makes the card of it. */
export async function filePermission(api: CastApi, prompt: HostPrompt, signal: AbortSignal): Promise<DecisionView> {
  const alwaysAllows = alwaysAllowsOf(prompt);
  const { decision } = await api.request(
    sessionRoutes.fileHostPrompt,
    {
      params: { id: prompt.session },
      body: {
        kind: 'permission',
        tool: prompt.tool,
        toolInput: prompt.toolInput,
        ...(prompt.scope ? { scope: prompt.scope } : {}),
        requestId: prompt.requestId,
        ...(prompt.deadline ? { waitsUntil: prompt.deadline } : {}),
        ...(alwaysAllows.length ? { alwaysAllows } : {}),
        ...(prompt.editable ? { editable: true } : {}),
        ...(prompt.run ? { run: prompt.run } : {}),
      },
    },
    signal,
  );
  return decision;
}

/** Long-polls until the card leaves open; `signal` cuts it off. */
export function untilClosed(api: CastApi, card: DecisionView, signal: AbortSignal): Promise<DecisionView> {
  return card.status === 'open' ? closedById(api, card.id, signal) : Promise.resolve(card);
}

/** The same for a card known by its id alone (a run resumed in another process). */
export async function closedById(api: CastApi, id: string, signal: AbortSignal): Promise<DecisionView> {
  for (;;) {
    const { decision } = await api.request(decisionRoutes.waitForDecision, { params: { id }, query: { timeout: SLICE_SECONDS } }, signal);
    if (decision.status !== 'open') return decision;
  }
}
