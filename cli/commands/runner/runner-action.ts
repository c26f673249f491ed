/**
 * What `cast runner` does: each pass lists the ready runs (narrowed by --session / --scope),
 * claims each (a 409 or 404 means another runner took it), runs the command, and reports the
 * run completed or failed. One pass with --once; otherwise until interrupted.
 */
import { runRoutes } from '../../../domain/routes/runs';
import type { RunWithSeedMessage } from '../../../domain/run';
import { ApiError } from '../../api-error';
import { parseDuration } from '../../duration-flag';
import type { Client } from '../../http';
import { CliError, Exit, hint, usageError } from '../../output';
import { connect } from '../decide/target';
import { composeCommand, parseTemplate, type CommandTemplate } from './command-template';
import { failureReason, runCommand } from './run-command';
import { RunFilter } from './run-filter';
import type { RunnerOptions } from './runner';

type Handled = { id: string; sessionId: string; status: 'completed' | 'failed'; exitCode: number | null; failureReason: string | null };
type Pass = { runs: Handled[]; skipped: string[] };

const BATCH = 20;

export async function run(opts: RunnerOptions): Promise<void> {
  const template = parseTemplate(opts.exec);
  const intervalMs = parseDuration(opts.interval) * 1000;
  if (intervalMs < 500) throw usageError(`--interval ${opts.interval}: poll at most twice a second (e.g. 5s).`);
  const api = connect();
  const filter = new RunFilter({
    ...(opts.session !== undefined ? { session: opts.session } : {}),
    ...(opts.scope !== undefined ? { scope: opts.scope } : {}),
  });
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (opts.once) {
      const pass = await runPass(api, template, filter, stop.signal, (run) => !opts.json && report(run, false));
      if (opts.json) process.stdout.write(`${JSON.stringify(pass)}\n`);
      else if (pass.runs.length === 0 && pass.skipped.length === 0) hint(`cast runner: no ready runs${filter.describe()}.`);
    } else {
      hint(`cast runner: looking for ready runs${filter.describe()} every ${opts.interval}; Ctrl-C stops.`);
      while (!stop.signal.aborted) {
        await runPass(api, template, filter, stop.signal, (run) => report(run, Boolean(opts.json))).catch((error: unknown) => {
          // A runner outlives Cast restarts; a refused token will not get better by waiting.
          if (error instanceof CliError && error.exitCode === Exit.notAllowed) throw error;
          if (!stop.signal.aborted) hint(`cast runner: ${(error as Error).message}; trying again in ${opts.interval}.`);
        });
        await sleep(intervalMs, stop.signal);
      }
    }
    if (stop.signal.aborted) throw new CliError('cast runner stopped.', Exit.interrupted, {}, 'interrupted');
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function report(run: Handled, json: boolean): void {
  const line = json
    ? JSON.stringify(run)
    : `${run.id} (session ${run.sessionId}): ${run.status}${run.failureReason ? ` — ${run.failureReason.split('\n')[0]}` : ''}`;
  process.stdout.write(`${line}\n`);
}

async function runPass(
  api: Client,
  template: CommandTemplate,
  filter: RunFilter,
  stop: AbortSignal,
  onRun: (run: Handled) => void,
): Promise<Pass> {
  const { runs } = await api.request(runRoutes.listRuns, { query: { status: 'ready', ...filter.query, limit: BATCH } });
  const pass: Pass = { runs: [], skipped: [] };
  for (const run of runs) {
    if (stop.aborted) break;
    if (!(await claim(api, run.id))) {
      pass.skipped.push(run.id);
      continue;
    }
    const handled = await execute(api, template, run, stop);
    pass.runs.push(handled);
    onRun(handled);
  }
  return pass;
}

/** False when another runner claimed it first (409), or it was cancelled meanwhile. */
async function claim(api: Client, id: string): Promise<boolean> {
  try {
    await api.request(runRoutes.claimRun, { params: { id }, body: {} });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.problem.status === 409 || error.problem.status === 404)) {
      hint(`cast runner: ${id} was taken by another runner (${error.problem.detail}); skipping it.`);
      return false;
    }
    throw error;
  }
}

async function execute(api: Client, template: CommandTemplate, run: RunWithSeedMessage, stop: AbortSignal): Promise<Handled> {
  if (run.seedMessage === null) hint(`cast runner: ${run.id} has no seed message; {message} is empty.`);
  const command = composeCommand(template, { session: run.sessionId, message: run.seedMessage ?? '', run: run.id });
  hint(`cast runner: ${run.id} claimed; running it in session ${run.sessionId}.`);
  let result;
  try {
    result = await runCommand(command, { CAST_SESSION: run.sessionId }, stop);
  } catch (error) {
    result = { code: null, signal: null, stderrTail: `could not start /bin/sh: ${(error as Error).message}` };
  }
  const ok = result.code === 0;
  const reason = ok ? null : failureReason(result);
  try {
    await api.request(runRoutes.updateRun, {
      params: { id: run.id },
      body: reason === null ? { status: 'completed' } : { status: 'failed', failureReason: reason },
    });
  } catch (error) {
    // The command ran either way; say so rather than stop the runner over one report.
    hint(`cast runner: ${run.id} ${ok ? 'completed' : 'failed'}, but reporting it to Cast failed: ${(error as Error).message}`);
  }
  return { id: run.id, sessionId: run.sessionId, status: ok ? 'completed' : 'failed', exitCode: result.code, failureReason: reason };
}

function sleep(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    }
    stop.addEventListener('abort', done, { once: true });
  });
}
