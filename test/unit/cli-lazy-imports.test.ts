/**
 * Issue 21, "the agent's side": `cast --help` starts within 1.5× of `node -e 0`. It does because
 * the compiled CLI's entry loads commander and the command declarations only; each command's
 * `<verb>-action.ts` (and with it zod, domain/'s schemas, client/ and the MCP SDK) is imported
 * when that command runs. The CLI is bundled here as scripts/ensure-cli.mjs builds it (one entry,
 * chunks split off), and what the entry loads before any command runs is read from the metafile.
 */
import { build, type Metafile } from 'esbuild';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** What `cast --help` must not load: zod's 450 KB, the MCP SDK, the schemas and the HTTP client. */
const HEAVY = [/^node_modules\/zod\//, /^node_modules\/@modelcontextprotocol\//, /^domain\//, /^client\//];
const heavy = (inputs: string[]) => inputs.filter((input) => HEAVY.some((pattern) => pattern.test(input)));

type Entry = { file: string } | { name: string; contents: string };

async function bundle(entry: Entry): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, sourcefile: entry.name, resolveDir: ROOT, loader: 'ts' } }),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: 'cli-lazy-imports', // never written: write is off
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return metafile;
}

/** Every source the entry loads before a command runs: its chunk's and those of the chunks it imports statically. */
function startupInputs(metafile: Metafile, entryPoint: string): string[] {
  const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entryPoint);
  if (!entry) throw new Error(`no output for ${entryPoint}`);
  const loaded = new Set<string>();
  const load = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of metafile.outputs[path]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) load(imported.path);
  };
  load(entry[0]);
  return [...loaded].flatMap((path) => Object.keys(metafile.outputs[path]!.inputs));
}

/** Chunks loaded by `import()`: esbuild names each after the module it was asked for. */
function lazyEntries(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) => (output.entryPoint ? [output.entryPoint] : []));
}

const ACTIONS = readdirSync(resolve(ROOT, 'cli/commands'), { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('-action.ts'))
  .map((path) => `cli/commands/${path.replaceAll('\\', '/')}`)
  .sort();

describe('cast starts on its declarations alone (issue 21)', () => {
  let cast: Metafile;
  beforeAll(async () => {
    cast = await bundle({ file: 'cli/cast.ts' });
  });

  it('cast --help, --version and a group’s --help load commander and the declarations, never zod, the MCP SDK, domain/ or client/', () => {
    const startup = startupInputs(cast, 'cli/cast.ts');
    expect(startup).toContain('cli/commands/decide/file.ts');
    expect(startup.some((input) => input.startsWith('node_modules/commander/'))).toBe(true);
    expect(heavy(startup)).toEqual([]);
    // The whole CLI still bundles them: they load when a command runs.
    expect(heavy(Object.keys(cast.inputs)).some((input) => input.startsWith('node_modules/zod/'))).toBe(true);
  });

  it('every command’s implementation is imported when it runs, none at start-up', () => {
    // decide: 6 (file, ls, edit, cancel, answer, wait); stack: 8; member add; token: 3; login, mcp, runner, the hook, install decide.
    expect(ACTIONS.length).toBeGreaterThanOrEqual(23);
    const startup = startupInputs(cast, 'cli/cast.ts');
    for (const action of ACTIONS) {
      expect(lazyEntries(cast), `${action} is loaded by import()`).toContain(action);
      expect(startup, `${action} is not loaded at start-up`).not.toContain(action);
    }
  });

  it('a declaration that imports a schema is caught: zod and domain/ would load at start-up', async () => {
    const name = 'cli/commands/decide/file-with-schema.ts';
    const metafile = await bundle({
      name,
      contents:
        "export { registerFile } from './cli/commands/decide/file';\nexport { FileDecisionBody } from './domain/decision-schema';\n",
    });
    const caught = heavy(startupInputs(metafile, name));
    expect(caught).toContain('domain/decision-schema.ts');
    expect(caught.some((input) => input.startsWith('node_modules/zod/'))).toBe(true);
  });
});
