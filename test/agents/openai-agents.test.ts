/**
 * Issue 43 item 5, the OpenAI Agents SDK: the real `@openai/agents` (0.20.0) runner with a
 * scripted `Model`, a tool with `needsApproval`, and its interruptions asked in a real Cast by
 * `runWithCast` / `resumeWhenAnswered`:
 *   - approved: the tool runs once, and the model reads its result;
 *   - rejected with a reason: the tool never runs, and the model's next input carries the reason;
 *   - a Cast rule answers at filing: settled at once, no card for a person;
 *   - a restart in between: a first runner and agent end after filing (nothing kept but the
 *     store); the person answers in Cast; a fresh agent, runner and model resume from the stored
 *     RunState, and the tool runs once — a second resume finds nothing to run;
 *   - Cast unreachable: the call is rejected (fail closed), never run.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, Runner, setTracingDisabled, tool } from '@openai/agents';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { directoryRunStore, resumeWhenAnswered, runWithCast } from '../../agents/openai-agents';
import { ruleRoutes } from '../../domain/routes/rules';
import { frameworkWorld } from '../support/agents/framework-world';
import { ScriptedAgentsModel } from '../support/agents/scripted-agents-model';

// Nothing leaves the machine: no traces to OpenAI.
setTracingDisabled(true);

const frameworks = frameworkWorld();
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function storeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-runs-'));
  dirs.push(dir);
  return dir;
}

/** An agent as a process builds it: its own model and tool; `ran` lists the paths the tool deleted. */
function tidyAgent() {
  const ran: string[] = [];
  const model = new ScriptedAgentsModel();
  const deleteFile = tool({
    name: 'delete_file',
    description: 'Delete a file',
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      ran.push(path);
      return `deleted ${path}`;
    },
  });
  const agent = new Agent({ name: 'Tidier', instructions: 'Tidy the notes.', model, tools: [deleteFile] });
  return { agent, model, ran, runner: new Runner({ tracingDisabled: true }) };
}

describe('issue 43 item 5: the OpenAI Agents SDK’s interruptions asked in Cast', () => {
  it('approved in Cast: the tool runs once and the model reads its result', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { agent, model, ran, runner } = tidyAgent();
    const store = directoryRunStore(storeDir());
    const running = runWithCast(agent, 'Tidy notes/', { ...options, store, runner });
    const card = await openCard();
    expect(card).toMatchObject({ question: 'Allow delete_file?', source: { kind: 'permission', id: 'call-1' } });
    expect(card.source).toMatchObject({ toolInput: { path: 'notes/old.md' } });
    await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const outcome = await running;
    expect(outcome.kind).toBe('finished');
    expect(outcome.kind === 'finished' && outcome.result.finalOutput).toBe('Done.');
    expect(ran).toEqual(['notes/old.md']);
    expect(model.inputs.at(-1)).toContain('deleted notes/old.md');
    expect(await store.list()).toEqual([]);
  });

  it('rejected in Cast with a reason: the tool never runs and the model’s next input carries the reason', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const { agent, model, ran, runner } = tidyAgent();
    const running = runWithCast(agent, 'Tidy notes/', { ...options, store: directoryRunStore(storeDir()), runner });
    const card = await openCard();
    const reason = 'Keep old.md, the audit needs it.';
    await person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, reason);
    expect((await running).kind).toBe('finished');
    expect(ran).toEqual([]);
    expect(model.inputs).toHaveLength(2);
    expect(model.inputs[1]).toContain(`Denied in Cast (${card.id}): ${reason}`);
  });

  it('a Cast rule answers at filing: settled at once by the rule, no card waits for a person', async () => {
    const { person, options, cards } = await frameworks.conversation();
    const { rule } = await person.send(ruleRoutes.createRule, {
      body: {
        name: 'deletes under notes',
        reason: 'Drafts are disposable.',
        mode: 'on',
        conditions: { tool: { name: 'delete_file' } },
        effect: { kind: 'approve' },
      },
    });
    const { agent, ran, runner } = tidyAgent();
    const dir = storeDir();
    const outcome = await runWithCast(agent, 'Tidy notes/', { ...options, store: directoryRunStore(dir), runner, wait: false });
    expect(outcome.kind).toBe('finished');
    expect(ran).toEqual(['notes/old.md']);
    const [decision] = await cards();
    expect(decision!.asks[0]!.answer).toMatchObject({ automatic: true, provenance: { actor: { kind: 'rule', id: rule.id } } });
    // Never kept: nothing waited.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a restart in between: a fresh process resumes from the stored RunState when the answer comes, and the tool runs once', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    const dir = storeDir();
    const first = tidyAgent();
    const filed = await runWithCast(first.agent, 'Tidy notes/', {
      ...options,
      store: directoryRunStore(dir),
      runner: first.runner,
      wait: false,
    });
    expect(filed).toMatchObject({ kind: 'waiting' });
    expect(first.ran).toEqual([]);
    const card = await openCard();
    expect(filed.kind === 'waiting' && filed.decisionIds).toEqual([card.id]);

    // The next process: a new store over the same directory, a new agent, runner and model; nothing else.
    const second = tidyAgent();
    const resumeOptions = { url: options.url, token: options.token, runner: second.runner };
    expect(await resumeWhenAnswered(directoryRunStore(dir), second.agent, { ...resumeOptions, wait: false })).toMatchObject([
      { kind: 'waiting', decisionIds: [card.id] },
    ]);
    expect(second.ran).toEqual([]);
    await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const [outcome] = await resumeWhenAnswered(directoryRunStore(dir), second.agent, resumeOptions);
    expect(outcome?.kind).toBe('finished');
    expect(second.ran).toEqual(['notes/old.md']);
    expect(second.model.inputs.at(-1)).toContain('deleted notes/old.md');
    // Resumed once: the store is empty, and a third process finds nothing to run.
    const third = tidyAgent();
    expect(await resumeWhenAnswered(directoryRunStore(dir), third.agent, resumeOptions)).toEqual([]);
    expect([...first.ran, ...second.ran, ...third.ran]).toEqual(['notes/old.md']);
  });

  it('Cast unreachable: the call is rejected and never runs (fail closed)', async () => {
    const { options } = await frameworks.conversation();
    const { agent, model, ran, runner } = tidyAgent();
    const dir = storeDir();
    const outcome = await runWithCast(agent, 'Tidy notes/', {
      ...options,
      url: frameworks.unreachableUrl(),
      store: directoryRunStore(dir),
      runner,
    });
    expect(outcome.kind).toBe('finished');
    expect(ran).toEqual([]);
    expect(model.inputs[1]).toMatch(/Cast could not be asked \(Cannot reach Cast at [^)]*\), so the call was not run\./);
    expect(readdirSync(dir)).toEqual([]);
  });
});
