/**
 * Issue 31 item 6: which Cast session a `cast` process files in. CAST_SESSION first; else the
 * host's conversation id — Claude Code's CLAUDE_CODE_SESSION_ID, the Codex thread an MCP tool
 * call names in `_meta.threadId`, Codex's CODEX_THREAD_ID (its shell commands) — else the
 * machine's default, announced once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callSession, hostConversation, sessionId, threadOfCall } from '../../cli/config';

const CONVERSATION_VARS = ['CAST_SESSION', 'CLAUDE_CODE_SESSION_ID', 'CODEX_THREAD_ID'] as const;
function withEnv(env: Partial<Record<(typeof CONVERSATION_VARS)[number], string>>) {
  for (const name of CONVERSATION_VARS) vi.stubEnv(name, env[name] ?? '');
}
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('issue 31 item 6: one Cast session per host conversation — the id chosen', () => {
  it('orders the ids: CAST_SESSION, Claude Code, the Codex thread of the call, the Codex thread of the shell, the default', () => {
    const everything = { CAST_SESSION: 'chosen', CLAUDE_CODE_SESSION_ID: 'claude-1', CODEX_THREAD_ID: 'thread-shell' };
    withEnv(everything);
    expect(sessionId('token', 'thread-call')).toBe('chosen');
    withEnv({ ...everything, CAST_SESSION: undefined });
    expect(sessionId('token', 'thread-call')).toBe('claude-1');
    withEnv({ CODEX_THREAD_ID: 'thread-shell' });
    expect(sessionId('token', 'thread-call')).toBe('thread-call');
    expect(sessionId('token')).toBe('thread-shell');
    withEnv({});
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    expect(sessionId('token')).toMatch(/^cli-/);
    expect(String(stderr.mock.calls[0]?.[0])).toContain('CAST_SESSION is not set');
  });

  it('reads no conversation from an empty environment, and takes the thread from a tool call only as a non-empty string', () => {
    expect(hostConversation({})).toBeNull();
    expect(threadOfCall({ threadId: '01a2-thread' })).toBe('01a2-thread');
    expect(threadOfCall({ threadId: 42 })).toBeUndefined();
    expect(threadOfCall({ threadId: '  ' })).toBeUndefined();
    expect(threadOfCall(undefined)).toBeUndefined();
  });

  it("cast mcp: each call files in its Codex thread's session; calls without one share the default, announced once", () => {
    withEnv({});
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const session = callSession('token');
    expect(session({ threadId: 'thread-a' })).toBe('thread-a');
    expect(session({ threadId: 'thread-b' })).toBe('thread-b');
    const fallback = session();
    expect(fallback).toMatch(/^cli-/);
    expect(session({})).toBe(fallback);
    expect(stderr.mock.calls.filter(([text]) => String(text).includes('CAST_SESSION is not set'))).toHaveLength(1);
  });
});
