/** FR-56: the fingerprint that decides which decisions are "substantially identical". */
import { describe, expect, it } from 'vitest';
import { commandPattern, directoryOf, permissionPattern } from '../../domain/permission-pattern';
import { decisionFingerprint, draftRule, FINGERPRINT_TEXT_BYTES, normalisePrompt, recurringFingerprint } from '../../domain/recurring';

const fingerprint = (firstPrompt: string, agentId: string | null = 'agent-editor', source?: string) =>
  recurringFingerprint({ agentId, firstPrompt, ...(source ? { source } : {}) });

describe('what clusters', () => {
  it.each([
    ['Which supplier list is authoritative?', 'which supplier list is authoritative'],
    ['Which supplier list is authoritative?', '  WHICH   supplier list, is authoritative!! '],
    ['Which supplier list is right for Q3?', 'Which supplier list is right for Q4?'],
    ['Approve the $240 spend on "Acme Data"?', 'Approve the $1,200.50 spend on "Globex"?'],
    ["Use the 'staging' bucket for 3 days?", "Use the 'prod' bucket for 14 days?"],
    ['Ship the banner on 2026-09-06?', 'Ship the banner on 2026-10-01?'],
    ['Set the retry budget to 3.5%?', 'Set the retry budget to 10%?'],
  ])('%s ≈ %s', (a, b) => expect(fingerprint(a)).toBe(fingerprint(b)));
});

describe('what does not', () => {
  it.each([
    ['Which supplier list is right?', 'Which customer list is right?'],
    ['Approve the spend?', 'Reject the spend?'],
    ['Ship the banner?', 'Ship the banner copy?'],
  ])('%s ≠ %s', (a, b) => expect(fingerprint(a)).not.toBe(fingerprint(b)));

  it('another agent, or another source, is another cluster', () => {
    expect(fingerprint('Which list?', 'agent-editor')).not.toBe(fingerprint('Which list?', 'agent-ops'));
    expect(fingerprint('Which list?', 'agent-editor', 'decide')).not.toBe(fingerprint('Which list?', 'agent-editor', 'send_message'));
  });

  it('a decision with no agent never clusters: there are no instructions to fix', () => {
    expect(fingerprint('Which list?', null)).toBeNull();
  });

  it('an apostrophe inside a word is not a quoted literal', () => {
    expect(normalisePrompt("Don't ship Editor's draft?")).toBe('don t ship editor s draft');
  });
});

describe('a long prompt (the bad-input property test found one the index could not hold)', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  const long = (word: string) => Array.from({ length: 200 }, () => word).join(' ');

  it('is kept as a digest within the bound, and still clusters as its words do', () => {
    const cyrillic = fingerprint(`${long('ждать')} 3?`)!;
    expect(bytes(cyrillic)).toBeLessThanOrEqual(FINGERPRINT_TEXT_BYTES);
    expect(cyrillic).toMatch(/^agent-editor\|sha256\|[0-9a-f]{64}$/);
    expect(fingerprint(`${long('ждать')} 14?`)).toBe(cyrillic);
    expect(fingerprint(`${long('ждать')} ещё?`)).not.toBe(cyrillic);
    expect(fingerprint(long('ждать'), 'agent-ops')).not.toBe(cyrillic);
  });

  it('a short one is kept as it reads', () => {
    expect(fingerprint('Which list?')).toBe('agent-editor|decide|which list');
  });
});

describe('the draft rule (FR-57)', () => {
  it('carries the question, the latest answer and its reason', () => {
    expect(draftRule('Which supplier list is authoritative?', 'The finance list', 'Ops keeps it current.')).toBe(
      'When you would ask "Which supplier list is authoritative?", do not ask: the answer is "The finance list". Reason: Ops keeps it current.',
    );
  });
});

describe('FR-56, issue 39 item 3: host permission prompts cluster by tool and input pattern, never with the rest', () => {
  const bash = (command: string) => ({
    kind: 'permission' as const,
    id: 'p',
    tool: 'Bash',
    lastAssistantMessage: null,
    pinned: null,
    toolInput: { command },
  });
  const prompt = (source: ReturnType<typeof bash> | Record<string, unknown>, context: string | null = null) =>
    decisionFingerprint(
      {
        question: 'Allow Bash?',
        context,
        asks: [{ prompt: 'Allow Bash?' }],
        source: source as Parameters<typeof decisionFingerprint>[0]['source'],
      },
      'agent-claude',
    );

  it("Bash by its command's first word, two for a command with subcommands", () => {
    expect(commandPattern('rm -rf build/')).toBe('rm');
    expect(commandPattern('git push origin main')).toBe('git push');
    expect(commandPattern('FOO=1 sudo npm run build')).toBe('npm run');
    expect(commandPattern('/usr/bin/git status --short')).toBe('git status');
    expect(commandPattern('git -C repo status')).toBe('git');
    expect(prompt(bash('git status'))).toBe(prompt(bash('git status --short')));
    expect(prompt(bash('ls -la src'))).toBe(prompt(bash('ls docs')));
    expect(prompt(bash('git status'))).not.toBe(prompt(bash('git push')));
    expect(prompt(bash('rm -rf build'))).not.toBe(prompt(bash('ls build')));
  });

  it("Write and Edit by the file's directory, a fetch by its host", () => {
    const tool = (name: string, toolInput: Record<string, unknown>) => ({
      kind: 'permission',
      id: 'p',
      tool: name,
      lastAssistantMessage: null,
      pinned: null,
      toolInput,
    });
    expect(directoryOf('/repo/src/app.ts')).toBe('/repo/src');
    expect(directoryOf('notes.md')).toBe('.');
    expect(prompt(tool('Write', { file_path: '/repo/src/a.ts', content: 'x' }))).toBe(
      prompt(tool('Write', { file_path: '/repo/src/b.ts', content: 'y' })),
    );
    expect(prompt(tool('Write', { file_path: '/repo/src/a.ts' }))).not.toBe(prompt(tool('Write', { file_path: '/repo/docs/a.md' })));
    expect(prompt(tool('Write', { file_path: '/repo/src/a.ts' }))).not.toBe(prompt(tool('Edit', { file_path: '/repo/src/a.ts' })));
    expect(permissionPattern('WebFetch', { url: 'https://example.com/a?b' }, null)).toBe('example.com');
    expect(permissionPattern('mcp__github__create_pr', { title: 'x' }, null)).toBeNull();
  });

  it("the host's own summary keys a Bash prompt sent without its tool input", () => {
    const bare = { kind: 'permission', id: 'p', tool: 'Bash', lastAssistantMessage: null, pinned: null };
    expect(prompt(bare, 'git status')).toBe(prompt(bash('git status -s')));
  });

  it('never together with a filed decision, a terminal question or a record that reads the same', () => {
    const filed = decisionFingerprint({ question: 'Allow Bash?', context: null, asks: [{ prompt: 'Allow Bash?' }] }, 'agent-claude');
    const terminal = prompt({ kind: 'terminal', id: 't', tool: null, lastAssistantMessage: null, pinned: null });
    const approval = prompt({ kind: 'approval', id: 'a' });
    expect(new Set([filed, terminal, approval, prompt(bash('git status'))]).size).toBe(4);
  });
});
