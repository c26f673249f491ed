import { describe, expect, it } from 'vitest';
import { evaluateToolAccess, isEvaluablePattern, matchesToolPattern } from '../../domain/tool-grant';

describe('tool patterns', () => {
  it('accepts only non-empty patterns of letters, digits, _ . : - and *', () => {
    for (const pattern of ['Bash', 'mcp__analytics__*', '*', 'a.b:c-d_e', 'read*file*']) expect(isEvaluablePattern(pattern)).toBe(true);
    for (const pattern of ['', ' ', 'mcp/*', 'Bash(rm -rf)', 'a b', '[ab]', 'x?', 'é', 'a\n'])
      expect(isEvaluablePattern(pattern)).toBe(false);
  });

  it('matches * against any run of characters, including none, and everything else literally', () => {
    expect(matchesToolPattern('mcp__analytics__query', 'mcp__analytics__*')).toBe(true);
    expect(matchesToolPattern('mcp__analytics__', 'mcp__analytics__*')).toBe(true);
    expect(matchesToolPattern('mcp__analytic__query', 'mcp__analytics__*')).toBe(false);
    expect(matchesToolPattern('Bash', 'Bash')).toBe(true);
    expect(matchesToolPattern('BashOutput', 'Bash')).toBe(false);
    expect(matchesToolPattern('bash', 'Bash')).toBe(false);
    expect(matchesToolPattern('read_big_file', 'read*file')).toBe(true);
    expect(matchesToolPattern('read_file_now', 'read*file')).toBe(false);
    expect(matchesToolPattern('a.b.c', 'a*.c')).toBe(true);
    expect(matchesToolPattern('abcbcd', '*bcd')).toBe(true);
    expect(matchesToolPattern('anything', '*')).toBe(true);
    expect(matchesToolPattern('', '*')).toBe(true);
    // A dot is a dot, not "any character".
    expect(matchesToolPattern('aXb', 'a.b')).toBe(false);
  });

  it('never matches with a pattern it cannot evaluate', () => {
    expect(matchesToolPattern('mcp/x', 'mcp/*')).toBe(false);
    expect(matchesToolPattern('', '')).toBe(false);
  });
});

describe('evaluateToolAccess', () => {
  it('denies a tool that no grant matches', () => {
    expect(evaluateToolAccess('Bash', [])).toBe('denied');
    expect(evaluateToolAccess('Bash', [{ toolPattern: 'Read', effect: 'allow' }])).toBe('denied');
  });

  it('allows a tool an allow grant matches', () => {
    expect(evaluateToolAccess('mcp__analytics__query', [{ toolPattern: 'mcp__analytics__*', effect: 'allow' }])).toBe('allowed');
  });

  it('lets a matching deny win over any matching allow, whatever the order', () => {
    const grants = [
      { toolPattern: 'mcp__*', effect: 'allow' as const },
      { toolPattern: 'mcp__billing__*', effect: 'deny' as const },
    ];
    expect(evaluateToolAccess('mcp__billing__refund', grants)).toBe('denied');
    expect(evaluateToolAccess('mcp__billing__refund', [...grants].reverse())).toBe('denied');
    expect(evaluateToolAccess('mcp__analytics__query', grants)).toBe('allowed');
  });
});
