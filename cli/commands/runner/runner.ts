/**
 * `cast runner --exec '<command with {session} and {message}>'`: the restart runner. It polls
 * for ready runs (a parked run continued by an answer), claims each — claiming is what "has
 * begun executing" means for undo, and a 409 means another runner took it — runs the command
 * with the session id and the answer message, and reports the run completed (exit 0) or failed.
 * --once makes one pass (tests, cron); otherwise it polls every --interval until interrupted.
 * --session and --scope narrow it to some runs, so runners can split the work (run-filter.ts).
 */
import type { Command } from 'commander';
import { claimRun, listRuns, updateRun } from '../../../domain/routes/runs';
import type { RunWithSeedMessage } from '../../../domain/run';
import { ApiError, type Client } from '../../http';
import { CliError, Exit, hint, usageError } from '../../output';
import { connect } from '../decide/target';
import { parseDuration } from '../decide/wait';
import { composeCommand, parseTemplate, type CommandTemplate } from './command-template';
import { failureReason, runCommand } from './run-command';
import { RunFilter } from './run-filter';

type Handled = { id: string; sessionId: string; status: 'completed' | 'failed'; exitCode: number | null; failureReason: string | null };
type Pass = { runs: Handled[]; skipped: string[] };
type RunnerOptions = { exec: string; once?: boolean; interval: string; json?: boolean; session?: string; scope?: string };

const BATCH = 20;

export function registerRunner(cast: Command): void {
  cast
    .command('runner')
    .description('run ready restarts: claim each, run --exec with its session and answer, report completed or failed')
    .requiredOption(
      '--exec <command>',
      "the command for one run; {session}, {message} and {run} are replaced, shell-quoted (e.g. 'claude --resume {session} -p {message}')",
    )
    .option('--once', 'make one pass and exit (for tests and cron)')
    .option('--interval <duration>', 'how often to look for ready runs', '5s')
    .option('--session <id>', "only runs of this session (the host's conversation id)")
    .option('--scope <scope>', "only runs whose session is in this project (its scope: the git repository's name)")
    .option('--json', 'print one JSON object (with --once), else one per run')
    .addHelpText(
      'after',
      "\nThe command runs under /bin/sh with CAST_SESSION set to the run's session. Its output goes to stderr.\n" +
        'Runs that --session or --scope leave out stay ready for another runner: two runners split the work by them.',
    )
    .action(async (opts: RunnerOptions) => runner(opts));
}

async function runner(opts: RunnerOptions): Promise<void> {
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
  const { runs } = await api.request(listRuns, { query: { status: 'ready', ...filter.query, limit: BATCH } });
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
    await api.request(claimRun, { params: { id }, body: {} });
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
    await api.request(updateRun, {
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
