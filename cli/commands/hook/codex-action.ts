/** What `cast hook codex` does: the verdict of one hook run (hosts/codex/hook.ts), printed, then the process let go. */
import { answerApproval } from '../../hosts/codex/hook';
import { printCodexVerdict } from '../../hosts/codex/verdict';
import { leaveSoon } from '../../hosts/one-shot/hook-input';

export async function run(opts: { timeout: string }): Promise<void> {
  const { verdict, event } = await answerApproval(opts.timeout);
  printCodexVerdict(event, verdict);
  leaveSoon();
}
