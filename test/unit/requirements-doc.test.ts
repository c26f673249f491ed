/**
 * docs/requirements.md is the map of the requirement numbers the code cites (AW-03's FR-n, En,
 * Sn and §n.n; DESIGN §n). It stays true only if something fails when it drifts: a number cited
 * in the source or the tests with no entry there, a file it names that is gone, or a test title
 * it quotes that its file no longer holds. It also holds the entries to what their tests do: a
 * test an entry names under "Tests:" carries the entry's number in its title or body (others
 * are listed as "Exercised by"), and where an entry says what its tests assert ("Asserts:"),
 * each named test's body holds one of those terms — required of the entries issue 39 named.
 * docs/architecture.md's paths are held to the same.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REQUIREMENTS = 'docs/requirements.md';
const PATH_CHECKED = [REQUIREMENTS, 'docs/architecture.md'];
/** Where citations live: the source folders and the tests. */
const CITING = [
  'domain',
  'api',
  'db',
  'workflows',
  'activities',
  'notifier',
  'slack',
  'rules',
  'cli',
  'ui/src',
  'runtime',
  'client',
  'bin',
  'worker.ts',
  'test',
];
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

/** One entry of the map: its number and its lines. */
type Entry = { id: string; text: string };

function entriesOf(text: string): Entry[] {
  const found: Entry[] = [];
  let current: Entry | null = null;
  for (const line of text.split('\n')) {
    const start = /^- \*\*((?:FR-|[ES])\d+|§[\d.]+|DESIGN §\w+)\*\*/.exec(line);
    if (start) found.push((current = { id: start[1]!, text: line }));
    else if (line.startsWith('#')) current = null;
    else if (current) current.text += `\n${line}`;
  }
  return found;
}

/** The tests an entry names under one of its sub-bullets ("Tests:"), as [file, title]. */
function quotedUnder(entry: Entry, label: RegExp): Array<[string, string]> {
  const part = entry.text.split(/\n {2}- /).find((bullet) => label.test(bullet)) ?? '';
  return [...part.matchAll(/`(test\/[^`]+)` › “([^”]+)”/g)].map((m) => [m[1]!, m[2]!]);
}

/**
 * The source of the test (or describe block) a title names: from the call that opens it to the
 * next call at its own depth or shallower, so a describe's body holds its tests.
 */
function testBody(file: string, title: string): string | null {
  const source = read(file).replace(/\\(['"])/g, '$1');
  const at = source.indexOf(title.replace(/…$/, ''));
  if (at < 0) return null;
  const lines = source.split('\n');
  let line = source.slice(0, at).split('\n').length - 1;
  const opens = /^(\s*)(it|describe|test)(\.\w+)*(\(.*?\))?\(/;
  while (line > 0 && !opens.test(lines[line]!)) line -= 1;
  const depth = opens.exec(lines[line]!)?.[1]!.length ?? 0;
  let end = line + 1;
  while (end < lines.length && !(opens.test(lines[end]!) && opens.exec(lines[end]!)![1]!.length <= depth)) end += 1;
  return lines.slice(line, end).join('\n');
}

/**
 * The entry's number, or one of its subsections (§6 is cited as §6.17); a whole section (§7) is
 * cited bare in a title, which `citations` reads only with its document's name.
 */
const citesEntry = (id: string, text: string) =>
  citations(text).some((cited) => cited === id || cited.startsWith(`${id}.`)) ||
  (/^§\d+$/.test(id) && new RegExp(`(?<!DESIGN |RFC \\d+ )${id}(?![.\\d])`).test(text));

/** The entries issue 39 item 13 named: each says what its tests assert, and they do. */
const SAMPLE = ['FR-3', 'FR-4', 'FR-10', 'FR-38', 'FR-54', 'FR-65', 'FR-66', 'E16', '§6.17', '§6.18', '§7', '§8'];

describe(`${REQUIREMENTS}: its tests assert what it says`, () => {
  const all = entriesOf(doc).filter((entry) => !entry.id.startsWith('DESIGN'));

  it('a test named under "Tests:" carries the entry\'s number in its title or body; any other is listed as exercising it', () => {
    const stray = all.flatMap((entry) =>
      quotedUnder(entry, /^Tests:/)
        .filter(([file, title]) => {
          const body = testBody(file, title);
          return body !== null && !citesEntry(entry.id, body);
        })
        .map(([file, title]) => `${entry.id}: ${file} › ${title}`),
    );
    expect(stray).toEqual([]);
  });

  it('the entries issue 39 named say what their tests assert ("Asserts:"), and each test they name holds one of those terms', () => {
    const byId = new Map(all.map((entry) => [entry.id, entry]));
    expect(SAMPLE.filter((id) => !/\n {2}- Asserts: "/.test(byId.get(id)?.text ?? ''))).toEqual([]);
    const unmet = all.flatMap((entry) => {
      const line = entry.text.split(/\n {2}- /).find((bullet) => bullet.startsWith('Asserts:'));
      if (!line) return [];
      const terms = [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
      return quotedUnder(entry, /^Tests:/)
        .filter(([file, title]) => {
          const body = testBody(file, title) ?? '';
          return !terms.some((term) => body.includes(term));
        })
        .map(([file, title]) => `${entry.id} (${terms.join(', ')}): ${file} › ${title}`);
    });
    expect(unmet).toEqual([]);
  });

  it("finds a test's body, and a describe's whole block, so the checks above can fail", () => {
    const self = testBody(SELF, "finds a test's body, and a describe's whole block");
    expect(self).toContain('citesEntry');
    expect(citesEntry('FR-4', testBody('test/e2e/card-facts.test.ts', 'FR-4, FR-10, §6.18 — confidence') ?? '')).toBe(true);
    // A describe's body holds its tests, so a term asserted in one of them is found.
    expect(testBody('test/e2e/catalogue-words.test.ts', '§6.18 copy, word for word')).toContain('Archive 1 decision?');
    expect(citesEntry('FR-38', 'an unrelated test about FR-3')).toBe(false);
    expect(citesEntry('§7', 'FR-46, §7 — archiving')).toBe(true);
    expect(citesEntry('§7', 'DESIGN §7 and §70')).toBe(false);
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
