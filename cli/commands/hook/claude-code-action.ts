/** What `cast hook claude-code` does: the verdict of one hook run (hosts/claude-code/hook.ts), printed, then the process let go. */
import { answerPermission, type HookOptions } from '../../hosts/claude-code/hook';
import { leaveSoon } from '../../hosts/one-shot/hook-input';
import { printVerdict } from '../../hosts/claude-code/verdict';

export type { HookOptions };

export async function run(opts: HookOptions): Promise<void> {
  const answer = await answerPermission(opts);
  if (answer) printVerdict(answer.verdict, answer.event);
  leaveSoon();
}
