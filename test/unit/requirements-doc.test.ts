/**
 * docs/requirements.md is the map of the requirement numbers the code cites (AW-03's FR-n, En,
 * Sn and §n.n; DESIGN §n). It stays true only if something fails when it drifts: a number cited
 * in the source or the tests with no entry there, a file it names that is gone, or a test title
 * it quotes that its file no longer holds. docs/architecture.md's paths are held to the same.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REQUIREMENTS = 'docs/requirements.md';
const PATH_CHECKED = [REQUIREMENTS, 'docs/architecture.md'];
/** Where citations live: the source folders and the tests. */
const CITING = ['domain', 'api', 'db', 'workflows', 'activities', 'cli', 'ui/src', 'runtime', 'client', 'bin', 'worker.ts', 'test'];
const SKIP = new Set(['node_modules', 'dist', 'histories', 'fixtures']);
const SELF = path.relative(ROOT, import.meta.filename);

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return /\.(ts|tsx|mjs|sql)$/.test(entry) ? [entry] : [];
  return readdirSync(full)
    .filter((name) => !SKIP.has(name))
    .flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** Every number a text cites: `FR-37…FR-42` cites each in between. */
function citations(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bFR-(\d+)(?:\s*(?:…|\.\.\.|–)\s*FR-(\d+))?/g)) {
    for (let n = Number(m[1]); n <= Number(m[2] ?? m[1]); n += 1) found.push(`FR-${n}`);
  }
  for (const m of text.matchAll(/\b([ES]\d{1,2})\b/g)) found.push(m[1]!);
  // AW-03's sections: a subsection (§6.17), or a section named with its document (AW-03 §10).
  // Another document's sections (DESIGN §2, RFC 9110 §15.5.6) are not AW-03's.
  for (const m of text.matchAll(/(?<!DESIGN |RFC \d+ )§(\d+\.\d+)/g)) found.push(`§${m[1]}`);
  for (const m of text.matchAll(/AW-03 §(\d+)\b/g)) found.push(`§${m[1]}`);
  for (const m of text.matchAll(/DESIGN §(\d+[a-z]?)/g)) found.push(`DESIGN §${m[1]}`);
  return found;
}

const doc = read(REQUIREMENTS);
/** The numbers with an entry of their own (`- **FR-4** …`). */
const entries = new Set([...doc.matchAll(/^\s*- \*\*((?:FR-|[ES])\d+|§[\d.]+|DESIGN §\w+)\*\*/gm)].map((m) => m[1]!));
/** A section is covered by its own entry, or by a heading of it or of one of its subsections. */
const covered = (cited: string) =>
  entries.has(cited) || (cited.startsWith('§') && new RegExp(`^## AW-03 ${cited.replace('.', '\\.')}[. ]`, 'm').test(doc));

describe(REQUIREMENTS, () => {
  it('has an entry for every number the source and the tests cite', () => {
    const missing = new Map<string, string[]>();
    for (const file of CITING.flatMap(sourceFiles)) {
      if (file === SELF) continue;
      for (const cited of new Set(citations(read(file)))) {
        if (!covered(cited)) missing.set(cited, [...(missing.get(cited) ?? []), file]);
      }
    }
    const report = [...missing].map(([cited, files]) => `${cited} (cited in ${files.join(', ')})`);
    // A number the spec does not have is a wrong citation: fix the code, not this page.
    expect(report, 'add each to docs/requirements.md, with what it requires and its tests').toEqual([]);
  });

  it('quotes test titles that are still in the files it names', () => {
    const quoted = [...doc.matchAll(/`(test\/[^`]+)` › “([^”]+)”/g)];
    expect(quoted.length).toBeGreaterThan(100);
    // A title as written in its file, with its string's escaped quotes read as quotes.
    const holds = (file: string, title: string) =>
      read(file)
        .replace(/\\(['"])/g, '$1')
        .includes(title.replace(/…$/, ''));
    const gone = quoted
      .filter(([, file, title]) => !existsSync(path.join(ROOT, file!)) || !holds(file!, title!))
      .map(([, file, title]) => `${file} › ${title}`);
    expect(gone).toEqual([]);
  });
});

describe('docs that name files', () => {
  it.each(PATH_CHECKED)('%s names only files that exist', (file) => {
    const named = [...read(file).matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!.replace(/[.,:;]$/, ''))
      .filter((token) => /^(domain|api|db|workflows|activities|cli|ui|runtime|client|bin|scripts|test|docs|bench)\/[\w./-]*$/.test(token))
      .filter((token) => !/(^|\/)dist(\/|$)/.test(token));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((token) => !existsSync(path.join(ROOT, token)))).toEqual([]);
  });
});
