/** What `cast install decide` does: finds the instruction file, puts the snippet in it once, and says what to do next. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../../config';
import { emit } from '../../output';
import { SNIPPET_START, withSnippet } from './decide-snippet';

function instructionFile(): string {
  const root = projectRoot();
  const agents = join(root, 'AGENTS.md');
  const claude = join(root, 'CLAUDE.md');
  return !existsSync(agents) && existsSync(claude) ? claude : agents;
}

export function run(opts: { file?: string; json?: boolean }): void {
  const file = opts.file ?? instructionFile();
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const after = withSnippet(before);
  const outcome = after === before ? 'unchanged' : before.includes(SNIPPET_START) ? 'replaced' : 'added';
  if (outcome !== 'unchanged') writeFileSync(file, after);
  const shown = relative(process.cwd(), file) || file;
  // A person decides: the agent files with a token of its own, which can never answer (DESIGN §8).
  const credential = [
    'Give the agent its own token, not yours — yours can answer its decisions:',
    '  cast token create --agent "<agent name>"    then set CAST_TOKEN to it where the agent runs.',
  ];
  emit(Boolean(opts.json), [`The decide snippet is in ${shown} (${outcome}).`, ...credential], {
    file,
    outcome,
    next: 'cast token create --agent "<agent name>"',
  });
}
