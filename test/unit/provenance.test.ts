/**
 * Issue 38 item 10 — provenance's pure parts: the digest the workflow computes (its SHA-256 held
 * to node:crypto's), the canonical JSON it digests, and who an answer is recorded as.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerProvenance, applyAnswer, openDecision } from '../../domain/decision-state';
import type { DecisionSnapshot } from '../../domain/decision';
import { canonicalJson, digestOf } from '../../domain/provenance';
import { Provenance } from '../../domain/provenance-schema';
import { sha256Hex } from '../../domain/sha256';
import { decisionBody, decisionStart } from '../support/fixtures';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const at = new Date('2026-01-01T00:00:00Z');
const open = (): DecisionSnapshot =>
  openDecision(decisionStart(decisionBody('Which tier?', 1), { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' }), at);

describe('issue 38 item 10: the digest of what an answer approved', () => {
  it('SHA-256 matches node:crypto on every length around the block boundaries and on text outside ASCII', () => {
    for (let length = 0; length <= 200; length++) expect(sha256Hex('a'.repeat(length))).toBe(nodeSha('a'.repeat(length)));
    for (const text of ['é', 'rm -rf build/ — ✓', '漢字とかな', '🙂 emoji 🚀', 'line\nbreak\ttab', '\u0000'])
      expect(sha256Hex(text)).toBe(nodeSha(text));
    // A lone surrogate is digested as U+FFFD, as Node's UTF-8 encoder writes it.
    expect(sha256Hex('a\ud800b')).toBe(nodeSha('a\ud800b'));
  });

  it('canonical JSON sorts keys at every depth, so the same input digests alike whatever order it was sent in', () => {
    const one = { file_path: '/repo/a.ts', edits: [{ old_string: 'a', new_string: 'b' }], replace_all: false };
    const two = { replace_all: false, edits: [{ new_string: 'b', old_string: 'a' }], file_path: '/repo/a.ts' };
    expect(canonicalJson(two)).toBe('{"edits":[{"new_string":"b","old_string":"a"}],"file_path":"/repo/a.ts","replace_all":false}');
    expect(digestOf(one)).toBe(digestOf(two));
    expect(digestOf(one)).toBe(`sha256:${nodeSha(canonicalJson(one))}`);
    // Any change to what was approved changes the digest.
    expect(digestOf({ ...one, replace_all: true })).not.toBe(digestOf(one));
  });
});

describe('issue 38 item 10: who an answer is recorded as', () => {
  it('a member through the request channel, digesting the ask as it was asked', () => {
    const state = open();
    const command = {
      ask: 1,
      value: { kind: 'decision' as const, selected: [2] },
      reason: null,
      answeredBy: 'mb-7',
      channel: 'cli' as const,
    };
    const provenance = answerProvenance(state, command);
    const { position: _p, status: _s, answer: _a, ...asked } = state.asks[0]!;
    expect(provenance).toEqual({
      actor: { kind: 'member', id: 'mb-7' },
      channel: 'cli',
      inputDigest: digestOf({ question: state.question, context: state.context, ask: asked }),
      digestOf: 'ask',
    });
    expect(Provenance.parse(provenance)).toEqual(provenance);
    // Kept on the answer it describes.
    expect(applyAnswer(state, command, at, provenance).asks[0]!.answer!.provenance).toEqual(provenance);
  });

  it("a permission prompt's answer digests the host's whole tool input", () => {
    const toolInput = { file_path: '/repo/notes.md', content: 'line one\nline two\n' };
    const state: DecisionSnapshot = {
      ...open(),
      source: { kind: 'permission', id: 'toolu_1', tool: 'Write', lastAssistantMessage: null, pinned: null, toolInput },
    };
    const provenance = answerProvenance(state, { ask: 1, value: { kind: 'decision', selected: [1] }, reason: null, answeredBy: 'mb' });
    expect(provenance).toMatchObject({ channel: null, digestOf: 'tool-input', inputDigest: `sha256:${nodeSha(canonicalJson(toolInput))}` });
  });

  it("the stack's auto-default: its stack, and no channel", () => {
    const state: DecisionSnapshot = { ...open(), stack: { stackId: 'ds-3', deadline: at.toISOString() } };
    const command = {
      ask: 1,
      value: { kind: 'decision' as const, selected: [1] },
      reason: null,
      answeredBy: 'auto-default',
      automatic: true as const,
    };
    expect(answerProvenance(state, command)).toMatchObject({ actor: { kind: 'stack-auto-default', stackId: 'ds-3' }, channel: null });
  });
});
