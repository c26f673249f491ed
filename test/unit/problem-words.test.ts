/**
 * FR-63 — every word the web shows for a refusal comes from the catalogue: Cast sends the code
 * and the values behind it, ui/src/http/problem-words.ts says the sentence. Each refusal the web
 * words with values carries them; every code has a plain entry with no slot to leave empty.
 */
import { describe, expect, it } from 'vitest';
import { applyAnswer, checkAnswer, checkRestore, openDecision, withdraw } from '../../domain/decision-state';
import { ErrorCode, type Rejection } from '../../domain/errors';
import { approvalReply, escalationReply } from '../../domain/inbox-reply';
import { checkAddMembers, MAX_STACK_MEMBERS, openStack } from '../../domain/stack';
import { actedRejection, checkUndo } from '../../domain/undo';
import i18next from 'i18next';
import { en } from '../../ui/src/i18n/en';
import { problemWords } from '../../ui/src/http/problem-words';
import { decisionBody, decisionStart } from '../support/fixtures';

// The catalogue as the web loads it (ui/src/i18n), without react-i18next: this file is type-checked
// with the server's code, where React's DOM-less global types would shadow the browser tests' DOM.
const catalogue = i18next.createInstance();
await catalogue.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
const t = catalogue.t.bind(catalogue);
const at = new Date('2026-01-01T00:00:00Z');
const open = () => openDecision(decisionStart(decisionBody('Q?', 1), { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' }), at);
const answered = () => applyAnswer(open(), { ask: 1, value: { kind: 'decision', selected: [2] }, reason: null, answeredBy: 'mb' }, at);

/** The refusal as the API sends it (api/problem.ts): its details, then the problem's own members. */
function asProblem(rejection: Rejection | null | { code: string }) {
  if (!rejection || !('message' in rejection)) throw new Error('expected a rejection');
  return { ...rejection.details, status: 409, detail: rejection.message, code: rejection.code };
}
const words = (rejection: Rejection | null) => problemWords(t, asProblem(rejection));

describe('FR-63 — the catalogue words every refusal', () => {
  it('has a plain entry for every code, with no slot a refusal could leave empty', () => {
    const problems: Record<string, string> = en.problems;
    for (const code of ErrorCode) {
      expect(problems[code], code).toBeTypeOf('string');
      expect(problems[code], code).not.toMatch(/\{\{/);
    }
  });

  it("never shows the server's detail: a code without values reads the plain entry", () => {
    expect(problemWords(t, { status: 409, code: 'access_not_granted', detail: 'Server English.' })).toBe(
      'That access still is not granted. Nothing was changed.',
    );
    expect(problemWords(t, { status: 500, code: 'http_502', detail: '<html>Bad gateway</html>' })).toBe(en.problems.unexpected);
    // A fuller entry whose values are missing falls back to the plain one, never to "{{ask}}".
    expect(problemWords(t, { status: 422, code: 'option_out_of_range', detail: 'x', ask: 1 })).toBe('That option does not exist.');
  });
});

describe('FR-63 — a refusal carries the values the web words it from', () => {
  it('an ask that does not exist: its number and how many there are', () => {
    const rejection = checkAnswer(open(), { ask: 3, value: { kind: 'decision', selected: [1] }, reason: null, answeredBy: 'mb' });
    expect(rejection?.details).toEqual({ ask: 3, asks: 1 });
    expect(words(rejection)).toBe('This decision has no ask 3; it has asks 1–1.');
    expect(checkUndo(open(), 2, at)?.details).toEqual({ ask: 2, asks: 1 });
  });

  it("a decision that is not open: its status, apart from the problem's HTTP status", () => {
    const rejection = checkAnswer(withdraw(open(), at), {
      ask: 1,
      value: { kind: 'decision', selected: [2] },
      reason: null,
      answeredBy: 'mb',
    });
    expect(rejection?.details).toEqual({ decisionStatus: 'withdrawn' });
    expect(words(rejection)).toBe('Its agent withdrew this decision; nothing was changed.');
    expect(words(checkRestore(open()))).toBe('This decision is open, not archived: there is nothing to restore.');
    expect(checkUndo(withdraw(answered(), at), 1, at)?.details).toEqual({ decisionStatus: 'withdrawn' });
  });

  it('E6 — undo after the agent acted: the agent by name (§6.18 "Undo blocked — acted")', () => {
    const rejection = actedRejection('Researcher', 'run-1');
    expect(rejection.details).toEqual({ runId: 'run-1', agent: 'Researcher' });
    expect(words(rejection)).toBe('Undo — Researcher already acted on this. Undo cannot unsend or unspend.');
    expect(words(actedRejection(null, 'run-1'))).toBe('Undo — the agent already acted on this. Undo cannot unsend or unspend.');
  });

  it('a full stack: its limit', () => {
    const members = Array.from({ length: MAX_STACK_MEMBERS }, (_, index) => ({ decisionId: `sd-${index + 1}`, open: true }));
    const stack = openStack(
      { id: 'ds-1', number: 1, workspaceId: 'ws', title: 'S', createdBy: 'mb', dueAt: null, autoDefaultMs: null, members },
      at,
    );
    const rejection = checkAddMembers(stack, ['sd-999']);
    expect(rejection?.details).toEqual({ max: MAX_STACK_MEMBERS, members: MAX_STACK_MEMBERS });
    expect(words(rejection)).toBe(`A stack holds at most ${MAX_STACK_MEMBERS} decisions.`);
  });

  it('FR-29 — an Inbox reply that does not read: what was expected, and the options to name', () => {
    expect(approvalReply('no')).toMatchObject({ code: 'reason_required', details: { expected: 'approval_reply' } });
    expect(words(approvalReply('no') as Rejection)).toBe(
      'A rejection needs a reason: reply "no — <why>". It is what the agent learns from.',
    );
    expect(words(approvalReply('maybe') as Rejection)).toBe('Reply "yes" to approve, or "no — <why>" to reject.');
    const options = escalationReply('whichever', ['Finance', 'Ops']) as Rejection;
    expect(options.details).toEqual({ expected: 'option_reply', options: ['Finance', 'Ops'] });
    expect(words(options)).toBe('Reply with one of its options, by number or name: 1. Finance; 2. Ops.');
  });

  it('a choice answer of the wrong shape: the ask, the option and the range', () => {
    const rejection = checkAnswer(open(), { ask: 1, value: { kind: 'decision', selected: [4] }, reason: null, answeredBy: 'mb' });
    expect(words(rejection)).toBe('Option 4 does not exist; ask 1 has options 1–3.');
  });
});
