/**
 * `@modelcontextprotocol/conformance` 0.1.16's server scenarios that apply to Cast's tools, run by
 * its own CLI against `/mcp` over Streamable HTTP (issue 43 item 4). The CLI brings no
 * credentials, so a loopback proxy adds the agent token an MCP client would be configured with.
 * Cast runs with CAST_PUBLIC_URL set to the address the CLI uses, as a deployment does.
 *
 * Run: server-initialize, ping, tools-list, dns-rebinding-protection (Cast checks a request's
 * Origin against its public URL). Not run, because Cast serves none of what they call: the
 * scenarios that call the suite's own test tools (tools-call-*, json-schema-2020-12,
 * elicitation-*), resources-*, prompts-*, completion-complete and logging-set-level (Cast offers
 * no resources, prompts, completions or logging), and server-sse-polling /
 * server-sse-multiple-streams (Cast's `/mcp` is stateless, one JSON answer per request, with
 * no session or stream to resume).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { agentTokenOf } from '../support/members';
import { bearerProxy, type BearerProxy } from '../support/mcp/bearer-proxy';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type TestCast } from '../support/test-cast';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = ['--import', './test/support/mcp/conformance-node20.mjs', 'node_modules/@modelcontextprotocol/conformance/dist/index.js'];
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

let cast: TestCast;
let api: RunningApi;
let proxy: BearerProxy;

beforeAll(async () => {
  cast = await startTestCast();
  proxy = await bearerProxy();
  api = await startSecondApi(cast, { publicUrl: proxy.url });
  const member = await cast.newMember();
  proxy.target(api.url, (await agentTokenOf(cast.pool, member)).token);
});
afterAll(async () => {
  await proxy?.close();
  await api?.stop();
  await cast?.stop();
});

type Check = { id: string; status: string; errorMessage?: string };

/** The CLI's checks for one scenario, read from the results it saves. */
async function run(scenario: string): Promise<Check[]> {
  const out = mkdtempSync(join(tmpdir(), 'cast-conformance-'));
  await promisify(execFile)(process.execPath, [...CLI, 'server', '--url', `${proxy.url}/mcp`, '--scenario', scenario, '-o', out], {
    cwd: ROOT,
  }).catch(
    // A failing scenario exits non-zero; its checks say why.
    () => undefined,
  );
  const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('checks.json'));
  return files.flatMap((file) => JSON.parse(readFileSync(join(out, file), 'utf8')) as Check[]);
}

describe('MCP conformance (server scenarios) against /mcp', () => {
  it.each(SCENARIOS)('%s passes', { timeout: 60_000 }, async (scenario) => {
    const checks = await run(scenario);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((check) => check.status === 'FAILURE')).toEqual([]);
  });
});
