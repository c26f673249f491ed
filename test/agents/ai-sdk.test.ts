/**
 * Issue 43 item 5, the Vercel AI SDK: the real `ai` (7.0.173) `generateText` with a scripted
 * model (the SDK's own `MockLanguageModelV4`), its `toolApproval` answered by `castToolApproval`
 * against a real Cast:
 *   - the person approves the card: the tool runs, and the model reads its result;
 *   - the person denies it with a reason: the tool never runs, and the model's next input carries the reason;
 *   - a Cast rule answers at filing: the call is settled at once, by the rule, with no card for a person;
 *   - Cast cannot be reached: the call is denied (fail closed), never run;
 *   - the program stops waiting (its signal): the card is withdrawn, the tool never runs;
 *   - the manual flow (`'user-approval'`, then `castApprovalResponses`) answers the SDK's approval
 *     requests, and those of a tool that still says `needsApproval: true`.
 */
import { generateText, isStepCount, jsonSchema, tool, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { castApprovalResponses, castToolApproval, type CastAnswer } from '../../agents/ai-sdk';
import { ruleRoutes } from '../../domain/routes/rules';
import { frameworkWorld } from '../support/agents/framework-world';

const frameworks = frameworkWorld();

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model that asks to delete one file, then says it is done; every prompt it was given is kept. */
function scriptedModel(path = 'notes/old.md') {
  const turns = [
    {
      content: [{ type: 'tool-call' as const, toolCallId: 'call-1', toolName: 'deleteFile', input: JSON.stringify({ path }) }],
      finishReason: { unified: 'tool-calls' as const, raw: undefined },
      usage,
      warnings: [],
    },
    {
      content: [{ type: 'text' as const, text: 'Done.' }],
      finishReason: { unified: 'stop' as const, raw: undefined },
      usage,
      warnings: [],
    },
  ];
  const model = new MockLanguageModelV4({ doGenerate: turns });
  return { model, prompts: () => model.doGenerateCalls.map((call) => JSON.stringify(call.prompt)) };
}

/** The tool the model calls; `ran` lists the paths it deleted. */
function deleteFileTool(needsApproval?: boolean) {
  const ran: string[] = [];
  const deleteFile = tool({
    ...(needsApproval ? { needsApproval } : {}),
    description: 'Delete a file',
    inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
    execute: async ({ path }) => {
      ran.push(path);
      return `deleted ${path}`;
    },
  });
  return { tools: { deleteFile }, ran };
}

describe('issue 43 item 5: the AI SDK’s tool approval asked in Cast', () => {
  it('approved in Cast: the tool runs and the model reads its result', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { model, prompts } = scriptedModel();
    const { tools, ran } = deleteFileTool();
    const generating = generateText({
      model,
      tools,
      toolApproval: castToolApproval(options),
      stopWhen: isStepCount(3),
      prompt: 'Tidy notes/',
    });
    const card = await openCard();
    expect(card).toMatchObject({ question: 'Allow deleteFile?', source: { kind: 'permission', tool: 'deleteFile', id: 'call-1' } });
    expect(card.source).toMatchObject({ toolInput: { path: 'notes/old.md' } });
    expect((await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' }, 'Old draft, fine.')).status).toBe(200);
    const result = await generating;
    expect(ran).toEqual(['notes/old.md']);
    expect(result.text).toBe('Done.');
    expect(prompts()[1]).toContain('deleted notes/old.md');
    const approval = result.steps[0]!.content.find((part) => part.type === 'tool-approval-response');
    expect(approval).toMatchObject({ approved: true, reason: `Approved in Cast (${card.id}): Old draft, fine.` });
  });

  it('denied in Cast with a reason: the tool never runs and the model’s next input carries the reason', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { model, prompts } = scriptedModel();
    const { tools, ran } = deleteFileTool();
    const generating = generateText({
      model,
      tools,
      toolApproval: castToolApproval(options),
      stopWhen: isStepCount(3),
      prompt: 'Tidy notes/',
    });
    const card = await openCard();
    const reason = 'Keep old.md, the audit needs it.';
    await person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, reason);
    const result = await generating;
    expect(ran).toEqual([]);
    expect(prompts()).toHaveLength(2);
    expect(prompts()[1]).toContain(`Denied in Cast (${card.id}): ${reason}`);
    expect(result.text).toBe('Done.');
  });

  it('a Cast rule answers at filing: settled at once by the rule, no card waits for a person', async () => {
    const { person, options, cards } = await frameworks.conversation();
    const reason = 'Nothing under notes/ is deleted by an agent.';
    const { rule } = await person.send(ruleRoutes.createRule, {
      body: {
        name: 'no deletes',
        reason: 'Deletes have no undo.',
        mode: 'on',
        conditions: { tool: { name: 'deleteFile' } },
        effect: { kind: 'deny', reason },
      },
    });
    const { model, prompts } = scriptedModel();
    const { tools, ran } = deleteFileTool();
    const answers: CastAnswer[] = [];
    const result = await generateText({
      model,
      tools,
      toolApproval: castToolApproval({ ...options, onAnswer: (answer) => answers.push(answer) }),
      stopWhen: isStepCount(3),
      prompt: 'Tidy notes/',
    });
    expect(ran).toEqual([]);
    const [decision] = await cards();
    expect(answers).toEqual([{ approved: false, reason: expect.stringContaining(reason), decisionId: decision!.id, by: 'rule' }]);
    expect(decision).toMatchObject({ status: 'resolved' });
    expect(decision!.asks[0]!.answer).toMatchObject({ automatic: true, provenance: { actor: { kind: 'rule', id: rule.id } } });
    expect(prompts()[1]).toContain(`Denied in Cast (${decision!.id}) by rule 'no deletes' (r${rule.revision}): ${reason}`);
    expect(result.text).toBe('Done.');
  });

  it('Cast unreachable: the call is denied and never runs (fail closed)', async () => {
    const { options } = await frameworks.conversation();
    const { model, prompts } = scriptedModel();
    const { tools, ran } = deleteFileTool();
    const toolApproval = castToolApproval({ ...options, url: frameworks.unreachableUrl() });
    await generateText({ model, tools, toolApproval, stopWhen: isStepCount(3), prompt: 'Tidy notes/' });
    expect(ran).toEqual([]);
    expect(prompts()[1]).toMatch(/Cast could not be asked \(Cannot reach Cast at [^)]*\), so the call was not run\./);
  });

  it('the program stops waiting: the card is taken out of the queue and the tool never runs', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { model } = scriptedModel();
    const { tools, ran } = deleteFileTool();
    const stop = new AbortController();
    const toolApproval = castToolApproval({ ...options, signal: stop.signal });
    const generating = generateText({ model, tools, toolApproval, stopWhen: isStepCount(3), prompt: 'Tidy notes/' });
    const card = await openCard();
    stop.abort();
    await expect(generating).rejects.toThrow();
    expect(ran).toEqual([]);
    expect((await person.decision(card.id)).status).toBe('withdrawn');
  });

  it('the manual flow: the SDK’s approval requests answered in Cast, then the run continues', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { model, prompts } = scriptedModel();
    const { tools, ran } = deleteFileTool();
    const messages: ModelMessage[] = [{ role: 'user', content: 'Tidy notes/' }];
    const first = await generateText({ model, tools, toolApproval: { deleteFile: 'user-approval' }, messages });
    expect(ran).toEqual([]);
    messages.push(...first.responseMessages);
    const answering = castApprovalResponses(options, first.content);
    const card = await openCard();
    await person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not today.');
    messages.push({ role: 'tool', content: await answering });
    const second = await generateText({ model, tools, toolApproval: { deleteFile: 'user-approval' }, messages });
    expect(ran).toEqual([]);
    expect(prompts()[1]).toContain(`Denied in Cast (${card.id}): Not today.`);
    expect(second.text).toBe('Done.');
  });

  it('a tool that still says needsApproval (deprecated in v7): its request answered in Cast, approved, the tool runs', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { model, prompts } = scriptedModel();
    const { tools, ran } = deleteFileTool(true);
    const messages: ModelMessage[] = [{ role: 'user', content: 'Tidy notes/' }];
    const first = await generateText({ model, tools, messages });
    expect(first.content.map((part) => part.type)).toContain('tool-approval-request');
    messages.push(...first.responseMessages);
    const answering = castApprovalResponses(options, first.content);
    await person.answer((await openCard()).id, 1, { kind: 'approval', decision: 'approve' });
    messages.push({ role: 'tool', content: await answering });
    const second = await generateText({ model, tools, messages });
    expect(ran).toEqual(['notes/old.md']);
    expect(prompts()[1]).toContain('deleted notes/old.md');
    expect(second.text).toBe('Done.');
  });
});
