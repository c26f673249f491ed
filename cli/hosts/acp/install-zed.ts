/**
 * `cast install zed -- <agent command…>` (issue 43 item 2): an entry in Zed's `agent_servers`
 * (its settings.json) that runs the agent through `cast acp`, so every permission request the
 * agent asks Zed is asked in Cast too. Idempotent: the same entry again changes nothing; every
 * other setting is kept. Zed's settings may hold comments, which plain JSON cannot keep: such a
 * file is left alone and the entry printed, to paste by hand.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CliError, emit, Exit } from '../../output';

/** Zed reads its user settings here, on Linux and macOS alike. */
export function zedSettingsFile(): string {
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'zed', 'settings.json');
}

/** The entry: this node running this cast, so Zed finds both whatever PATH it starts with. */
export function zedAgentServer(agent: string[]): { type: 'custom'; command: string; args: string[]; env: Record<string, string> } {
  return { type: 'custom', command: process.execPath, args: [process.argv[1]!, 'acp', '--', ...agent], env: {} };
}

function readSettings(file: string, entry: unknown): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // said below
  }
  throw new CliError(
    `${file} is not plain JSON (Zed allows comments, which Cast would lose); add this under "agent_servers" by hand:\n${JSON.stringify(entry, null, 2)}`,
    Exit.error,
    { file, entry },
    'bad_settings_file',
  );
}

export function installZed(agent: string[], opts: { name?: string; json?: boolean }): void {
  if (!agent.length) throw new CliError('Name the agent to run: cast install zed -- gemini --acp', Exit.usage, {}, 'usage');
  const name = opts.name ?? `${basename(agent[0]!)} (Cast)`;
  const server = zedAgentServer(agent);
  const file = zedSettingsFile();
  const settings = readSettings(file, { [name]: server });
  const servers = (settings.agent_servers ?? {}) as Record<string, unknown>;
  const text = `${JSON.stringify({ ...settings, agent_servers: { ...servers, [name]: server } }, null, 2)}\n`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const outcome = text === old ? 'unchanged' : old ? 'updated' : 'added';
  if (outcome !== 'unchanged') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const written = JSON.stringify({ agent_servers: { [name]: server } }, null, 2);
  emit(
    Boolean(opts.json),
    [
      `Zed's agent "${name}" runs ${agent.join(' ')} through cast acp, in ${file} (${outcome}):`,
      written,
      `Open Zed's agent panel and start a "${name}" thread; its permission requests come to Cast too, and the first answer wins.`,
      `It runs this cast (${process.argv[1]}) with this node; after moving either, run cast install zed again.`,
    ],
    { file, outcome, name, agentServer: server },
  );
}
