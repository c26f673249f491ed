/**
 * What one key press means on the queue page (§6.17; issue 38 item 6), as a pure reading the
 * listener acts on. Letters are keys only while the person is not typing: once a character that
 * is no key here is typed outside a field (or a key that does not apply here is pressed), the keys
 * pause, so the rest of a sentence typed where no field has focus runs nothing — not an `e` that
 * archives, a `y` that approves or a `u` that undoes. Esc, a click or Tab turns them on again.
 */
import { KEY_MAP, type CardKind, type QueueAction } from './key-map';

export type KeyPress = {
  key: string;
  /** The key is held down (the browser's auto-repeat). */
  repeat: boolean;
  /** Focus is in a text field, a select or an editable element, or an IME is composing. */
  inTextField: boolean;
  card: CardKind;
  /** The keys are paused after typing outside a field. */
  paused: boolean;
};

export type KeyReading =
  /** Not the queue's: the browser or the control in focus keeps it. */
  | { kind: 'pass' }
  /** Swallowed, doing nothing: a held action key repeating. */
  | { kind: 'held' }
  /** The binding's action; `resumes` when the key also turns paused keys on again (Esc). */
  | { kind: 'act'; action: QueueAction; resumes: boolean }
  /** A character that is no key here, typed outside a field: the keys pause. */
  | { kind: 'typed' }
  /** The keys are paused: nothing happens, and the person is told how to turn them on. */
  | { kind: 'paused' }
  /** A binding that does nothing on this card (1–9 on a permission card): said, and the keys pause. */
  | { kind: 'inert' };

/** Moving between decisions may repeat while the key is held; nothing that answers, archives or undoes does. */
const REPEATS: ReadonlySet<QueueAction> = new Set(['nextDecision', 'previousDecision', 'next', 'previous']);

const bindingOf = (key: string) => KEY_MAP.find((binding) => !binding.ownedByControl && binding.keys.includes(key));

/** A character a person types (a letter, digit or mark), as opposed to Enter, Esc, Tab or an arrow. Space scrolls and presses. */
export const isCharacter = (key: string) => [...key].length === 1 && key !== ' ';

export function readKey({ key, repeat, inTextField, card, paused }: KeyPress): KeyReading {
  // In a field every key is the field's, except Esc (§6.17 "inert while focus is inside a text field except Esc and Enter").
  if (inTextField) return key === 'Escape' ? { kind: 'act', action: 'toList', resumes: true } : { kind: 'pass' };
  const binding = bindingOf(key);
  if (paused) {
    if (key === 'Escape') return { kind: 'act', action: 'toList', resumes: true };
    return binding || isCharacter(key) ? { kind: 'paused' } : { kind: 'pass' };
  }
  if (!binding) return isCharacter(key) ? { kind: 'typed' } : { kind: 'pass' };
  if (binding.inertOn === card) return { kind: 'inert' };
  if (repeat && !REPEATS.has(binding.action)) return { kind: 'held' };
  return { kind: 'act', action: binding.action, resumes: key === 'Escape' };
}
