/**
 * The `@cast/agents` package as a program gets it (issue 43 item 5): `npm pack` of the agents
 * workspace ships only its build; installed into an empty project beside the frameworks (its
 * peers, and zod theirs), the compiled `@cast/agents/ai-sdk` asks a real Cast for the SDK's tool
 * approval, `@cast/agents/openai-agents` loads, and a TypeScript program type-checks against the
 * shipped declarations.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleRoutes } from '../../domain/routes/rules';
import { frameworkWorld } from '../support/agents/framework-world';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const frameworks = frameworkWorld();

let project: string;
let packedFiles: string[] = [];
beforeAll(async () => {
  await run(process.execPath, ['scripts/ensure-agents.mjs'], { cwd: ROOT });
  const packed = mkdtempSync(join(tmpdir(), 'cast-agents-pack-'));
  const { stdout } = await run('npm', ['pack', '--workspace', 'agents', '--pack-destination', packed, '--json'], { cwd: ROOT });
  const [tarball] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = tarball!.files.map((file) => file.path);
  project = mkdtempSync(join(tmpdir(), 'cast-agents-app-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  // Offline: the package brings nothing from a registry; its peers are the program's.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', join(packed, tarball!.filename)], {
    cwd: project,
  });
  // The program's own frameworks (and zod, their peer): the versions this repository pins.
  mkdirSync(join(project, 'node_modules', '@openai'), { recursive: true });
  for (const name of ['ai', 'zod', '@openai/agents'])
    symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  rmSync(packed, { recursive: true, force: true });
}, 180_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

const APP = `
import { generateText, isStepCount, jsonSchema, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { castToolApproval } from '@cast/agents/ai-sdk';
import { runWithCast, resumeWhenAnswered, directoryRunStore } from '@cast/agents/openai-agents';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const model = new MockLanguageModelV4({ doGenerate: [
  { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'deleteFile', input: '{"path":"a.md"}' }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] },
  { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
] });
const ran = [];
const deleteFile = tool({
  inputSchema: jsonSchema({ type: 'object', properties: { path: { type: 'string' } } }),
  execute: async ({ path }) => { ran.push(path); return 'deleted'; },
});
const cast = { url: process.env.CAST_URL, token: process.env.CAST_TOKEN, session: process.env.CAST_SESSION };
const result = await generateText({ model, tools: { deleteFile }, toolApproval: castToolApproval(cast), stopWhen: isStepCount(3), prompt: 'Tidy' });
const loaded = [typeof runWithCast, typeof resumeWhenAnswered, typeof directoryRunStore];
console.log(JSON.stringify({ ran, text: result.text, loaded }));
`;

/**
 * A program on the OpenAI Agents SDK, one process per step: \`start\` runs the agent until its
 * call is filed in Cast and exits; \`resume\` — a new process — resumes what the store kept.
 */
const AGENTS_APP = `
import { Agent, Runner, Usage, setTracingDisabled, tool } from '@openai/agents';
import { z } from 'zod';
import { directoryRunStore, resumeWhenAnswered, runWithCast } from '@cast/agents/openai-agents';

setTracingDisabled(true);
const ran = [];
const model = {
  async getResponse(request) {
    const answered = Array.isArray(request.input) && request.input.some((item) => item.type === 'function_call_result');
    const output = answered
      ? [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] }]
      : [{ type: 'function_call', id: 'fc-1', callId: 'call-1', name: 'delete_file', arguments: '{"path":"a.md"}', status: 'completed' }];
    return { usage: new Usage(), output };
  },
  async *getStreamedResponse() { throw new Error('no streaming'); },
};
const deleteFile = tool({
  name: 'delete_file', description: 'Delete a file', parameters: z.object({ path: z.string() }), needsApproval: true,
  execute: async ({ path }) => { ran.push(path); return 'deleted ' + path; },
});
const agent = new Agent({ name: 'Tidier', instructions: 'Tidy.', model, tools: [deleteFile] });
const cast = { url: process.env.CAST_URL, token: process.env.CAST_TOKEN, session: process.env.CAST_SESSION };
const store = directoryRunStore(process.env.RUNS);
const runner = new Runner({ tracingDisabled: true });
const outcome = process.argv[2] === 'start'
  ? await runWithCast(agent, 'Tidy', { ...cast, store, runner, wait: false })
  : (await resumeWhenAnswered(store, agent, { ...cast, runner }))[0];
console.log(JSON.stringify({ kind: outcome?.kind ?? null, ran, output: outcome?.result?.finalOutput ?? null }));
`;

describe('the @cast/agents package', () => {
  it('packs only its build, depends on nothing, and its modules import only Node and the frameworks', () => {
    expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'dist/ai-sdk.mjs', 'dist/openai-agents.mjs']));
    expect(packedFiles.filter((file) => !file.startsWith('dist/') && file !== 'package.json' && file !== 'README.md')).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'agents/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies ?? {}).toEqual({});
    // Packed beside the CLI, at its version.
    expect(manifest.version).toBe((JSON.parse(readFileSync(join(ROOT, 'cli/package.json'), 'utf8')) as { version: string }).version);
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const dist = join(project, 'node_modules/@cast/agents/dist');
    const outside = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mjs'))
      .flatMap((file) =>
        [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)]
          .map(([, specifier]) => specifier!)
          .filter((specifier) => !specifier.startsWith('.') && !builtins.has(specifier) && specifier !== '@openai/agents'),
      );
    expect(outside).toEqual([]);
  });

  it('installed, the compiled AI SDK approval asks Cast: a rule approves, the tool runs', async () => {
    const { person, options } = await frameworks.conversation();
    await person.send(ruleRoutes.createRule, {
      body: { name: 'tidy', reason: 'Fine.', mode: 'on', conditions: { tool: { name: 'deleteFile' } }, effect: { kind: 'approve' } },
    });
    writeFileSync(join(project, 'app.mjs'), APP);
    const { stdout } = await run(process.execPath, ['app.mjs'], {
      cwd: project,
      env: { PATH: process.env.PATH, CAST_URL: options.url, CAST_TOKEN: options.token, CAST_SESSION: options.session },
    });
    expect(JSON.parse(stdout)).toEqual({ ran: ['a.md'], text: 'Done.', loaded: ['function', 'function', 'function'] });
  });

  it('installed, an Agents SDK run ends after filing; a new process resumes it once the person approves', async () => {
    const { person, options, openCard } = await frameworks.conversation();
    writeFileSync(join(project, 'agents-app.mjs'), AGENTS_APP);
    const runs = mkdtempSync(join(tmpdir(), 'cast-agents-runs-'));
    const env = { PATH: process.env.PATH, CAST_URL: options.url, CAST_TOKEN: options.token, CAST_SESSION: options.session, RUNS: runs };
    const step = async (name: string) => JSON.parse((await run(process.execPath, ['agents-app.mjs', name], { cwd: project, env })).stdout);
    try {
      expect(await step('start')).toEqual({ kind: 'waiting', ran: [], output: null });
      const card = await openCard();
      await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
      expect(await step('resume')).toEqual({ kind: 'finished', ran: ['a.md'], output: 'Done.' });
      expect(await step('resume')).toEqual({ kind: null, ran: [], output: null });
    } finally {
      rmSync(runs, { recursive: true, force: true });
    }
  });

  it('a TypeScript program type-checks against the shipped declarations', async () => {
    writeFileSync(
      join(project, 'typed.ts'),
      `import { generateText } from 'ai';
import type { LanguageModel } from 'ai';
import { castToolApproval, type CastAnswer } from '@cast/agents/ai-sdk';
import { Agent } from '@openai/agents';
import { runWithCast, directoryRunStore, type CastRunOutcome } from '@cast/agents/openai-agents';
declare const model: LanguageModel;
const cast = { url: 'http://127.0.0.1:7400', token: 't' };
export const generated = generateText({ model, prompt: 'p', toolApproval: castToolApproval({ ...cast, tools: ['x'] }) });
export const outcome: Promise<CastRunOutcome<Agent>> = runWithCast(new Agent({ name: 'a' }), 'p', { ...cast, store: directoryRunStore('runs') });
export const said = (answer: CastAnswer): string => answer.reason;
`,
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--target',
      'es2022',
      '--skipLibCheck',
      'typed.ts',
    ];
    const checked = await run(process.execPath, [tsc, ...args], { cwd: project }).catch((error: { stdout: string }) => error);
    expect(checked.stdout).toBe('');
  });
});
