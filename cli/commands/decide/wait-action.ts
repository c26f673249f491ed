/** What `cast decide wait` does: long-polls in slices until the decision leaves open, the timeout passes, or Ctrl-C. */
import { decisionRoutes } from '../../../domain/routes/decisions';
import type { RouteResponse } from '../../../domain/routes/route';
import { parseDuration } from '../../duration-flag';
import { CliError, emit, Exit } from '../../output';
import { outcomeJson } from './present';
import { checkId, closedError, connect } from './target';
import type { WaitOptions } from './wait';

const SLICE_SECONDS = 25;

type Waited = RouteResponse<typeof decisionRoutes.waitForDecision>['body'];

export async function run(given: string, opts: WaitOptions): Promise<void> {
  const id = checkId(given);
  const deadline = opts.timeout === undefined ? Infinity : Date.now() + parseDuration(opts.timeout) * 1000;
  const api = connect();
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let last: Waited | null = null;
  try {
    for (;;) {
      const seconds = Math.max(0, Math.min(SLICE_SECONDS, (deadline - Date.now()) / 1000));
      last = await api.request(
        decisionRoutes.waitForDecision,
        { params: { id }, query: { timeout: Number(seconds.toFixed(1)) } },
        interrupt.signal,
      );
      if (last.settled || Date.now() >= deadline) break;
    }
  } catch (error) {
    if (!interrupt.signal.aborted) throw error;
    throw new CliError(
      `Stopped waiting; ${id} stays open.`,
      Exit.interrupted,
      last ? outcomeJson(last.decision) : { id, state: 'open' },
      'interrupted',
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const { decision } = last;
  if (decision.status === 'open') {
    throw new CliError(
      `${id} is still pending after ${opts.timeout}; run cast decide wait ${id} again later.`,
      Exit.pending,
      outcomeJson(decision),
      'still_pending',
    );
  }
  if (decision.status !== 'resolved') throw closedError(decision, 'wait for');
  emit(Boolean(opts.json), [last.message ?? outcomeJson(decision).message ?? ''], outcomeJson(decision));
}
