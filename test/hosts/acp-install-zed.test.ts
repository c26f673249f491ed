/**
 * Issue 43 item 2: `cast install zed -- <agent…>` writes Zed's `agent_servers` entry, keeps every
 * other setting, changes nothing the second time, and leaves a settings file with comments alone.
 * The entry it writes works: started as Zed starts it (its command and args, the test as the
 * editor), the ACP SDK's example agent runs through `cast acp` and its permission request is a
 * card in the queue.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCast } from '../cli/run-cast';
import { hostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { attachEditor, EXAMPLE_AGENT, startCommand } from '../support/hosts/acp/run-acp';
import { openCardOf } from '../support/hosts/open-card';

const hosts = hostTestWorld();

type ZedSettings = { theme?: string; agent_servers: Record<string, { type: string; command: string; args: string[]; env: object }> };

describe('issue 43: cast install zed', { timeout: 120_000 }, () => {
  it('writes the agent_servers entry once, keeps the other settings, and the entry runs the agent through cast acp', async () => {
    const place = await hostProject(hosts, 'ACP example agent', 'cast-host-zed-');
    const file = join(place.home, '.config', 'zed', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ theme: 'One Dark', agent_servers: { Other: { type: 'custom', command: 'other', args: [], env: {} } } }),
    );
    const install = () =>
      runCast(['install', 'zed', '--name', 'Example (Cast)', '--json', '--', ...EXAMPLE_AGENT], {
        cwd: place.project,
        env: { ...place.castEnv, HOME: place.home, XDG_CONFIG_HOME: undefined },
      });
    const first = await install();
    expect(first.code, first.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(file, 'utf8')) as ZedSettings;
    const entry = settings.agent_servers['Example (Cast)']!;
    expect(entry).toEqual({
      type: 'custom',
      command: process.execPath,
      args: [expect.stringMatching(/cast\.cjs$/), 'acp', '--', ...EXAMPLE_AGENT],
      env: {},
    });
    expect(settings.theme).toBe('One Dark');
    expect(Object.keys(settings.agent_servers)).toEqual(['Other', 'Example (Cast)']);
    expect(JSON.parse(first.stdout)).toMatchObject({ outcome: 'updated', agentServer: entry });
    const again = await install();
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'unchanged' });

    // As Zed starts it.
    const run = startCommand(hosts, place, [entry.command, ...entry.args]);
    const editor = await attachEditor(run);
    const session = await editor.newSession(place.project);
    const turn = editor.prompt(session, 'Tidy the config');
    const card = await openCardOf(place.person, () => session, run.ended);
    await place.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    editor.close();
    await run.done;
  });

  it('leaves a settings file with comments alone and prints the entry to paste', async () => {
    const place = await hostProject(hosts, 'ACP example agent', 'cast-host-zed-');
    const file = join(place.home, '.config', 'zed', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    const commented = '// Zed settings\n{ "theme": "One Dark" }\n';
    writeFileSync(file, commented);
    const run = await runCast(['install', 'zed', '--', 'gemini', '--acp'], { env: { HOME: place.home, XDG_CONFIG_HOME: undefined } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"gemini (Cast)"');
    expect(readFileSync(file, 'utf8')).toBe(commented);
  });
});
