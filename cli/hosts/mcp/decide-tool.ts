/**
 * The MCP `decide` tool: files a choice into the queue the way `cast decide` does (the same
 * body, the same session and scope) and returns its id at once; it never waits for the answer.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DecisionOption } from '../../../domain/ask-schema';
import { DecisionMode } from '../../../domain/decision';
import { StackId } from '../../../domain/ids';
import { AssigneeTarget } from '../../../domain/assignment';
import { DecideResult } from '../../../domain/mcp-tool-results-schema';
import { naming } from '../../../domain/refusal-words';
import { splitOption } from '../../commands/decide/decision-input';
import { fileBody, postDecision, type Posted } from '../../commands/decide/post-decision';
import { cardJson } from '../../commands/decide/present';
import { ARGUMENT_WORDS, inToolWords, type ToolWords } from './tool-error';
import { CLOSED_WORLD, structured, type ToolDeps } from './tool-result';

/** A label (200) and a consequence (1,000), with the " :: " between them. */
const OPTION_MAX = 1300;

const OptionInput = z.union(
  [
    z
      .string(ARGUMENT_WORDS)
      .trim()
      .min(1)
      .max(OPTION_MAX)
      .describe('"Label :: what choosing it changes" (the part after " :: " is optional)'),
    DecisionOption,
  ],
  // A union's failure names neither form's limit; a text option is said by what is wrong with it.
  {
    error: naming((field, input) => {
      if (typeof input !== 'string') return `${field} must be "Label :: consequence" text, or {label, consequence}.`;
      const length = [...input.trim()].length;
      return length === 0
        ? `${field} is empty.`
        : `${field} is ${length.toLocaleString('en-US')} characters; the limit is ${OPTION_MAX.toLocaleString('en-US')}.`;
    }),
  },
);

export const DecideInput = {
  question: z.string(ARGUMENT_WORDS).trim().min(1).max(1000).describe('the question, in one line'),
  context: z
    .string(ARGUMENT_WORDS)
    .trim()
    .min(1)
    .max(4000)
    .describe('what happened and what each option changes: enough to answer without asking back'),
  options: z.array(OptionInput, ARGUMENT_WORDS).min(2).max(9).describe('2–9 options, each "Label :: consequence" or {label, consequence}'),
  mode: z
    .enum(DecisionMode)
    .default('blocking')
    .describe('blocking (the default): stop and wait; advisory: keep working on defaultOption meanwhile'),
  defaultOption: z
    .number()
    .int()
    .min(1)
    .max(9)
    .optional()
    .describe('advisory only: the option number you proceed on until answered (only when it is cheap to undo)'),
  stack: StackId.optional().describe('append it to this stack, e.g. ds-7'),
  to: AssigneeTarget.optional().describe(
    'whom it is for: "@dana" (a member) or "team:infra" (a team); leave it out for everyone in the workspace',
  ),
};

/** Cast's refusals of a filing, in the tool's words: its `stack` argument, the session it files in. */
function decideWords(session: string, stack: string | undefined): ToolWords {
  return {
    session_not_found: () =>
      `Session ${session} belongs to another member of this workspace, so nothing was filed. Set CAST_SESSION in cast mcp's environment to this conversation's own id.`,
    stack_not_found: () =>
      `There is no stack ${stack} in this workspace; nothing was filed. Leave out stack, or give the id of an open one.`,
    stack_closed: () =>
      `Stack ${stack} is closed (every decision in it is resolved); nothing was filed. Leave out stack, or give an open one.`,
    assignee_not_found: (problem) =>
      `${problem?.detail ?? ''} Nothing was filed. Leave out to, or name a member or team of this workspace.`,
    assignee_ambiguous: (problem) => `${problem?.detail ?? ''} Nothing was filed.`,
  };
}

export type DecideArgs = z.output<z.ZodObject<typeof DecideInput>>;

/** Files the decision as `cast decide` does; a refusal is thrown in the tool's words. */
export async function fileDecide(deps: ToolDeps, input: DecideArgs, meta: Record<string, unknown> | undefined): Promise<Posted> {
  const session = deps.session(meta);
  const options = input.options.map((option) => (typeof option === 'string' ? splitOption(option) : option));
  const body = fileBody({ ...input, options }, session, deps.scope?.());
  return postDecision(deps.api, body).catch((error: unknown) => {
    throw inToolWords(error, decideWords(session, input.stack));
  });
}

export function registerDecideTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'decide',
    {
      title: 'Ask a person to decide',
      description:
        "Files a decision into the person's Cast queue and returns its id right away (it does not wait). " +
        'Use it at a real fork you should not take alone. Blocking (the default) means: stop and wait for the answer ' +
        '(wait_for_decision, or end your turn; the answer arrives as a message). The same question again from this session, ' +
        'while it is open, updates it in place instead of asking twice. ' +
        'A client with MCP Tasks (2026-07-28) gets a blocking decision back as a task that completes with the answer.',
      inputSchema: z.object(DecideInput),
      outputSchema: DecideResult,
      // Additive: it adds an ask, or rewrites this session's own open one; a repeat after the
      // answer files a new decision, so it is not idempotent.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, ...CLOSED_WORLD },
    },
    async (input, ctx) => {
      const filed = await fileDecide(deps, input, ctx.mcpReq._meta);
      const { decision } = filed;
      const next =
        decision.mode === 'advisory'
          ? `Advisory: keep working on option ${decision.defaultOption}; call wait_for_decision with id ${decision.id} later to see whether the answer overrides it.`
          : `Blocking: stop here. Call wait_for_decision with id ${decision.id} (it waits up to ${deps.maxWaitSeconds} s; call it again while pending), or end your turn and the answer arrives as a message.`;
      return structured(DecideResult, {
        ...cardJson(decision, filed.card),
        url: filed.card.url,
        created: filed.created,
        stack: filed.stack,
        next,
      });
    },
  );
}
