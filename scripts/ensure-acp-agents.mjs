#!/usr/bin/env node
// Provides the real ACP agents the ACP host tests drive (issue 43 item 3), pinned, from npm, as
// ensure-hosts.mjs provides Claude Code and Codex: `npm install --prefix .tools/acp-agents
// --no-save` (never into the repo's node_modules). claude-agent-acp brings its own Claude Code
// (the Claude Agent SDK's cli.js); Gemini CLI is its own ACP agent (`gemini --acp`), one bundled
// file on Node 20 (npm leaves its optional native add-ons, node-pty and keytar, unbuilt: it runs
// shell commands without a pty, and the tests give it its key in the environment). Quick when the
// pinned versions are there. `--print-paths` prints
// `{"claudeAgentAcp": …, "gemini": …}`, installing first if needed. Plain JS, like ensure-hosts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLAUDE_AGENT_ACP_VERSION = '0.23.1';
export const GEMINI_CLI_VERSION = '0.61.0';
const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.tools', 'acp-agents');
const PINNED = { '@zed-industries/claude-agent-acp': CLAUDE_AGENT_ACP_VERSION, '@google/gemini-cli': GEMINI_CLI_VERSION };
const packageDir = (name) => join(DIR, 'node_modules', ...name.split('/'));

const paths = () => ({
  claudeAgentAcp: join(packageDir('@zed-industries/claude-agent-acp'), 'dist', 'index.js'),
  gemini: join(packageDir('@google/gemini-cli'), 'bundle', 'gemini.js'),
});

function ready() {
  return Object.entries(PINNED).every(([name, version]) => {
    const manifest = join(packageDir(name), 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
  });
}

if (!ready()) {
  const specs = Object.entries(PINNED).map(([name, version]) => `${name}@${version}`);
  process.stderr.write(`[acp-agents] installing ${specs.join(', ')} into .tools/acp-agents/…\n`);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  execFileSync('npm', ['install', '--prefix', DIR, '--no-save', '--no-audit', '--no-fund', ...specs], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!ready()) {
    process.stderr.write('[acp-agents] the ACP agents could not be installed here.\n');
    process.exit(1);
  }
}

if (process.argv.includes('--print-paths')) process.stdout.write(`${JSON.stringify(paths())}\n`);
