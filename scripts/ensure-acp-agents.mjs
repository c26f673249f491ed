#!/usr/bin/env node
// Provides the real ACP agents the ACP host tests drive (issue 43 item 3), pinned, from npm, as
// ensure-hosts.mjs provides Claude Code and Codex: `npm install --prefix .tools/acp-agents
// --no-save` (never into the repo's node_modules). claude-agent-acp brings its own Claude Code
// (the Claude Agent SDK's cli.js). Quick when the pinned version is there. `--print-paths` prints
// `{"claudeAgentAcp": …}`, installing first if needed. Plain JS, like ensure-hosts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLAUDE_AGENT_ACP_VERSION = '0.23.1';
const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.tools', 'acp-agents');
const PACKAGE = join(DIR, 'node_modules', '@zed-industries', 'claude-agent-acp');

const paths = () => ({ claudeAgentAcp: join(PACKAGE, 'dist', 'index.js') });

function ready() {
  const manifest = join(PACKAGE, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === CLAUDE_AGENT_ACP_VERSION;
}

if (!ready()) {
  process.stderr.write(`[acp-agents] installing @zed-industries/claude-agent-acp@${CLAUDE_AGENT_ACP_VERSION} into .tools/acp-agents/…\n`);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', DIR, '--no-save', '--no-audit', '--no-fund', `@zed-industries/claude-agent-acp@${CLAUDE_AGENT_ACP_VERSION}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (!ready()) {
    process.stderr.write('[acp-agents] claude-agent-acp could not be installed here.\n');
    process.exit(1);
  }
}

if (process.argv.includes('--print-paths')) process.stdout.write(`${JSON.stringify(paths())}\n`);
