/**
 * Issue 21, "the agent's side": `cast --help` starts within 1.5× of `node -e 0`. It does because
 * the compiled CLI's entry (cli/dist/cast.cjs) holds commander and the command declarations
 * only; each command's `<verb>-action.ts` (and with it zod, domain/'s schemas, client/ and the
 * MCP SDK) is a module of the actions build, imported when that command runs. Both builds are
 * made here with scripts/ensure-cli.mjs's own options, and what they hold is read from their
 * metafiles.
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { actionEntries, actionsOptions, entryOptions } from '../../scripts/ensure-cli.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** What `cast --help` must not load: zod, the MCP SDK, the schemas and the HTTP client (each is large to read and compile). */
const HEAVY = [/^node_modules\/zod\//, /^node_modules\/@modelcontextprotocol\//, /^domain\//, /^client\//];
const heavy = (inputs: string[]) => inputs.filter((input) => HEAVY.some((pattern) => pattern.test(input)));

async function metafileOf(options: BuildOptions): Promise<Metafile> {
  const { metafile } = await build({
    ...options,
    absWorkingDir: ROOT,
    outdir: 'cli-lazy-imports',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return metafile;
}

const actions = actionEntries(ROOT);

describe('cast starts on its declarations alone (issue 21)', () => {
  let entry: Metafile;
  let all: Metafile;
  beforeAll(async () => {
    entry = await metafileOf(entryOptions());
    all = await metafileOf(actionsOptions(ROOT));
  });

  it('the entry (cast --help, --version, a group’s --help) holds commander and the declarations, never zod, the MCP SDK, domain/ or client/', () => {
    const startup = Object.keys(entry.inputs);
    expect(startup).toContain('cli/commands/decide/file.ts');
    expect(startup.some((input) => input.startsWith('node_modules/commander/'))).toBe(true);
    expect(heavy(startup)).toEqual([]);
    // The actions build holds them: they load when a command runs.
    expect(heavy(Object.keys(all.inputs)).some((input) => input.startsWith('node_modules/zod/'))).toBe(true);
  });

  it('every command’s implementation is a module of the actions build that the entry imports when it runs, none bundled into the entry', () => {
    // decide: 6 (file, ls, edit, cancel, answer, wait); stack: 8; member: 3 (add, role, remove); token: 3; login, mcp, runner, the hook, install decide.
    const sources = Object.values(actions);
    expect(sources.length).toBeGreaterThanOrEqual(25);
    for (const source of sources) expect(Object.keys(entry.inputs), `${source} is not in the entry`).not.toContain(source);

    // (The MCP SDK's own `import()`s are entry points of their chunks too.)
    const built = Object.values(all.outputs).flatMap((output) => (output.entryPoint ? [output.entryPoint] : []));
    expect(built).toEqual(expect.arrayContaining(sources));

    // Each `import()` the entry keeps names the file the actions build writes for that action.
    const [output] = Object.values(entry.outputs);
    const imported = output!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path.replace(/^\.\//, ''));
    expect(imported.sort()).toEqual(
      Object.keys(actions)
        .map((name) => `${name}.mjs`)
        .sort(),
    );
    expect(output!.imports.filter((i) => i.kind !== 'dynamic-import' && !i.path.startsWith('node:'))).toEqual([]);
  });

  it('a declaration that imports a schema is caught: zod and domain/ would load at start-up', async () => {
    const name = 'cli/commands/decide/file-with-schema.ts';
    const metafile = await metafileOf({
      ...entryOptions(),
      entryPoints: undefined,
      stdin: {
        contents:
          "export { registerFile } from './cli/commands/decide/file';\nexport { FileDecisionBody } from './domain/decision-schema';\n",
        sourcefile: name,
        resolveDir: ROOT,
        loader: 'ts',
      },
    });
    const caught = heavy(Object.keys(metafile.inputs));
    expect(caught).toContain('domain/decision-schema.ts');
    expect(caught.some((input) => input.startsWith('node_modules/zod/'))).toBe(true);
  });
});
