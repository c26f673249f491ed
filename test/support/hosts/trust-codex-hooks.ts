/**
 * Trusts the hooks Codex lists for a project the way Codex's own `/hooks` review does, so
 * `codex exec` runs them without `--dangerously-bypass-hook-trust`: `codex app-server` (JSON-RPC
 * over stdio) `hooks/list` gives each hook's `key` and `currentHash`, and `config/batchWrite`
 * records `[hooks.state."<key>"] trusted_hash = "<currentHash>"` in `$CODEX_HOME/config.toml`.
 * Codex computes the hash; nothing here does. Returns each hook's key and trust status after.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

type Hook = { key: string; currentHash: string; trustStatus: string; isManaged: boolean };
type Reply = { id: number; result?: { data?: { hooks?: Hook[] }[] }; error?: { message: string } };

export async function trustCodexHooks(
  codex: string,
  codexHome: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<Record<string, string>> {
  const child = spawn(codex, ['app-server'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, CODEX_HOME: codexHome },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiting = new Map<number, (reply: Reply) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as Reply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  let ids = 0;
  const call = (method: string, params: unknown) =>
    new Promise<Reply>((resolve, reject) => {
      const id = ++ids;
      waiting.set(id, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply)));
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  const hooks = async () => ((await call('hooks/list', { cwds: [cwd] })).result?.data ?? []).flatMap((entry) => entry.hooks ?? []);
  try {
    await call('initialize', { clientInfo: { name: 'cast-tests', version: '0' } });
    child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
    const untrusted = (await hooks()).filter((hook) => hook.trustStatus !== 'trusted' && !hook.isManaged);
    if (untrusted.length > 0) {
      const state = Object.fromEntries(untrusted.map((hook) => [hook.key, { trusted_hash: hook.currentHash }]));
      await call('config/batchWrite', { edits: [{ keyPath: 'hooks.state', value: state, mergeStrategy: 'upsert' }] });
    }
    return Object.fromEntries((await hooks()).map((hook) => [hook.key, hook.trustStatus]));
  } finally {
    child.kill();
  }
}
