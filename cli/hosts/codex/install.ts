/**
 * `cast install codex`: puts `cast hook codex` in Codex's hooks.json as its
 * PermissionRequest hook (user-level by default, the project's with --project), keeping every
 * other hook, and says the step only a person can take: trusting it in Codex's /hooks.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { codexHome, projectRoot } from '../../config';
import { CliError, emit, Exit } from '../../output';
import { withCastHook, type HooksFile } from './install-hooks';

function readHooksFile(file: string): HooksFile {
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as HooksFile;
  } catch {
    // said below
  }
  throw new CliError(
    `${file} is not a JSON object; fix it or move it aside, then run cast install codex again.`,
    Exit.error,
    { file },
    'bad_hooks_file',
  );
}

export function installCodex(opts: { project?: boolean; json?: boolean }): void {
  const file = opts.project ? join(projectRoot(), '.codex', 'hooks.json') : join(codexHome(), 'hooks.json');
  const before = readHooksFile(file);
  const text = `${JSON.stringify(withCastHook(before), null, 2)}\n`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const outcome = text === old ? 'unchanged' : old ? 'updated' : 'added';
  if (outcome !== 'unchanged') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const shown = relative(process.cwd(), file).startsWith('..') ? file : relative(process.cwd(), file) || file;
  const next = [
    'Codex runs only hooks a person trusted, and skips the others silently: open codex, type /hooks,',
    '  and trust the PermissionRequest hook that runs cast hook codex. Any edit to the hook asks again.',
    `It runs this cast (${process.argv[1]}) with this node; after moving either, run cast install codex again.`,
    ...(opts.project ? ["  Codex reads a project's .codex/ only once the project itself is trusted."] : []),
    'codex exec asks for approval, and so runs the hook, only with --approve-for-me.',
    'Give the agent its own token, not yours: cast token create --agent "Codex", then set CAST_TOKEN to it where Codex runs.',
  ];
  emit(Boolean(opts.json), [`Cast's PermissionRequest hook is in ${shown} (${outcome}).`, ...next], {
    file,
    outcome,
    next: 'codex, then /hooks: trust cast hook codex',
  });
}
