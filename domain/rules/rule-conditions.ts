/**
 * What a rule matches on (issue 42 item 2). Every condition is optional and they are AND-ed: a
 * rule with none matches every ask of its workspace. The words follow what Cast already keeps:
 * a host prompt's tool and tool input (host-prompt.ts), a Bash command's pattern as the recurring
 * rule clusters it (permission-pattern.ts), a tool name glob as tool grants write it
 * (tool-grant.ts), an approval's action kind and risks, a recurring cluster's fingerprint.
 */
import { z } from 'zod';
import { AskKind } from '../ask';
import { ApprovalActionKind } from '../asks/approval-ask';
import { ToolPattern } from '../tool-grant';
import { filledText } from '../text-fields';
import { naming } from '../refusal-words';

/** A path glob or a command prefix is one line of text: Cedar would hold a control character, a reader would not see it. */
function noControl(text: string): boolean {
  return ![...text].some((char) => char.codePointAt(0)! < 0x20);
}
const noControlWords = { error: naming((field: string) => `${field} may not hold control characters (a new line, a tab).`) };

export const ToolCondition = z
  .strictObject({
    /** The tool's name as the host names it, or a glob over names (`Bash`, `mcp__github__*`), as a tool grant writes one. */
    name: ToolPattern,
    /**
     * A Bash command's leading words as the recurring rule reads them (`git status`, `npm run`):
     * the command's pattern equals these words.
     */
    commandWords: filledText(200).optional(),
    /** A Bash command exactly as it is run (`touch a.txt`): what "always" on a permission card keeps. */
    command: filledText(4000).optional(),
    /** A Bash command that starts with this text (`npm test`): matched as Cedar `like "npm test*"`. */
    commandPrefix: filledText(1000).refine(noControl, noControlWords).optional(),
    /** A Write, Edit or Read path glob (`src/**`, `*.md`); `*` is any run of characters, `/` included. */
    pathGlob: filledText(1000).refine(noControl, noControlWords).optional(),
  })
  .meta({ id: 'RuleToolCondition' });
export type ToolCondition = z.infer<typeof ToolCondition>;

export const ApprovalCondition = z
  .strictObject({
    /** The approval's action kind. */
    action: z.enum(ApprovalActionKind).optional(),
    /** Risks the ask must name, every one (`spends_money`). */
    risks: z.array(filledText(200)).max(10).optional(),
    /** True: only an ask that names no risk at all. */
    noRisks: z.literal(true).optional(),
  })
  .meta({ id: 'RuleApprovalCondition' });
export type ApprovalCondition = z.infer<typeof ApprovalCondition>;

export const RuleConditions = z
  .strictObject({
    /** The asking agent, by id (`ag_…`). */
    agent: filledText(100).optional(),
    /** The session's scope: the project it works in, as the host reports it. */
    project: filledText(200).optional(),
    /** The ask's kind. */
    askKind: z.enum(AskKind).optional(),
    tool: ToolCondition.optional(),
    approval: ApprovalCondition.optional(),
    /** A recurring-decision cluster: the fingerprint the queue groups "Asked 5 times" by (recurring.ts). */
    cluster: filledText(1000).optional(),
  })
  .meta({ id: 'RuleConditions' });
export type RuleConditions = z.infer<typeof RuleConditions>;
