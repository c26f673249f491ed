/**
 * §6.17 and issue 38 item 6: what a key press means on the queue page. Typed text outside a
 * field pauses the keys, so no letter of a sentence archives, approves or undoes; a held key
 * repeats only a move; in a field only Esc is the queue's.
 */
import { describe, expect, it } from 'vitest';
import { readKey, type KeyPress } from '../../ui/src/keyboard/read-key';

const press = (key: string, more: Partial<KeyPress> = {}) =>
  readKey({ key, repeat: false, inTextField: false, card: 'other', paused: false, ...more });

describe('a key on the queue page (§6.17, issue 38 item 6)', () => {
  it('a binding acts', () => {
    expect(press('e')).toEqual({ kind: 'act', action: 'archive', resumes: false });
    expect(press(']')).toEqual({ kind: 'act', action: 'next', resumes: false });
    expect(press('Escape')).toEqual({ kind: 'act', action: 'toList', resumes: true });
  });

  it('a character that is no key here is typing, and pauses the keys; Space, Shift and the like are not', () => {
    for (const key of ['t', 'E', 'Y', ',', '!', 'é']) expect(press(key)).toEqual({ kind: 'typed' });
    for (const key of [' ', 'Shift', 'Backspace', 'F5']) expect(press(key)).toEqual({ kind: 'pass' });
  });

  it('while paused no key acts but Esc, which turns them on again', () => {
    for (const key of ['e', 'y', 'u', 'j', ']', '1', 'Enter', 'ArrowDown', 'x'])
      expect(press(key, { paused: true })).toEqual({ kind: 'paused' });
    expect(press('Escape', { paused: true })).toEqual({ kind: 'act', action: 'toList', resumes: true });
    expect(press('Shift', { paused: true })).toEqual({ kind: 'pass' });
  });

  it('in a text field every key is the field’s but Esc', () => {
    for (const key of ['e', 'y', 'u', 'j', ']', '1', 'Enter', '?']) expect(press(key, { inTextField: true })).toEqual({ kind: 'pass' });
    expect(press('Escape', { inTextField: true })).toEqual({ kind: 'act', action: 'toList', resumes: true });
  });

  it('a held key repeats a move, never an archive, an answer or an undo', () => {
    for (const key of ['e', 'y', 'n', 'u', 'w', '1', 'Enter']) expect(press(key, { repeat: true })).toEqual({ kind: 'held' });
    for (const key of ['j', 'k', ']', '[', 'ArrowDown']) expect(press(key, { repeat: true })).toMatchObject({ kind: 'act' });
  });

  it('on a permission card the number keys do nothing, and say so', () => {
    expect(press('1', { card: 'permission' })).toEqual({ kind: 'inert' });
    expect(press('y', { card: 'permission' })).toEqual({ kind: 'act', action: 'approve', resumes: false });
  });
});
