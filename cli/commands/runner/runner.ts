/**
 * `cast runner --exec '<command with {session} and {message}>'`: the restart runner. It polls
 * for ready runs (a parked run continued by an answer), claims each — claiming is what "has
 * begun executing" means for undo, and a 409 means another runner took it — runs the command
 * with the session id and the answer message, and reports the run completed (exit 0) or failed.
 * --once makes one pass (tests, cron); otherwise it polls every --interval until interrupted.
 * --session and --scope narrow it to some runs, so runners can split the work (run-filter.ts).
 */
import type { Command } from 'commander';

export type RunnerOptions = { exec: string; once?: boolean; interval: string; json?: boolean; session?: string; scope?: string };

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
    .action(async (opts: RunnerOptions) => (await import('./runner-action')).run(opts));
}
