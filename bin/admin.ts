/**
 * `node dist/admin.js` (or `npx tsx bin/admin.ts`): an operator's commands against the database.
 *   init --workspace NAME --owner NAME [--force] [--json]
 * creates the workspace, its owner and one person token, printed once.
 */
import { Command, InvalidArgumentError } from 'commander';
import { initDeployment } from '../db/bootstrap';
import { openDatabase, processEnv } from '../runtime/process-start';

const program = new Command('admin').description("Cast's operator commands").showHelpAfterError();

program
  .command('init')
  .description("Create the workspace, its owner and the owner's first person token (printed once). Safe to run again.")
  .requiredOption('--workspace <name>', 'the workspace name', nonEmpty)
  .requiredOption('--owner <name>', "the owner's name", nonEmpty)
  .option('--force', 'mint another owner token when init already minted one')
  .option('--json', 'print the outcome as JSON')
  .action(async (options: { workspace: string; owner: string; force?: boolean; json?: boolean }) => {
    const { env, logger } = processEnv('cast-admin');
    const pool = await openDatabase(env, logger, 1);
    try {
      const outcome = await initDeployment(pool, {
        workspace: options.workspace,
        owner: options.owner,
        ...(options.force ? { force: true } : {}),
        ...(env.CAST_ADMIN_TOKEN ? { adminToken: env.CAST_ADMIN_TOKEN } : {}),
      });
      if (options.json) {
        process.stdout.write(`${JSON.stringify(outcome)}\n`);
        return;
      }
      const what = outcome.created ? 'created' : 'already there';
      process.stdout.write(
        `Workspace "${options.workspace}" (${outcome.workspaceId}) ${what}; owner ${options.owner} (${outcome.memberId}).\n`,
      );
      if (outcome.token) process.stdout.write(`Owner token, shown once — keep it now: ${outcome.token}\n`);
      if (outcome.note) process.stdout.write(`${outcome.note}\n`);
    } catch (error) {
      // An operator's command: the refusal as a sentence on stderr, not a JSON log line.
      process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    } finally {
      await pool.end();
    }
  });

function nonEmpty(value: string): string {
  if (!value.trim()) throw new InvalidArgumentError('must not be empty');
  return value.trim();
}

await program.parseAsync(process.argv);
