/** What `cast acp` does (cli/hosts/acp/run.ts); it leaves once the agent has, its stdout written out. */
import { runAcp, type AcpOptions } from '../../hosts/acp/run';

export async function run(command: string[], opts: AcpOptions): Promise<void> {
  const code = await runAcp(command, opts);
  // The editor's stdin may stay open: nothing else would end the process.
  process.stdout.write('', () => process.exit(code));
}
