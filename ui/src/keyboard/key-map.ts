/**
 * The queue's keyboard map (AW-03 §6.17), as data: the `?` sheet lists it and the handler
 * dispatches from it, so the two can never disagree.
 */
export const QueueAction = [
  'nextDecision',
  'previousDecision',
  'openFirstAsk',
  'focusAsk',
  'approve',
  'reject',
  'focusReason',
  'submit',
  'undo',
  'archive',
  'next',
  'previous',
  'help',
  'toList',
  'closeDialog',
  'audience',
] as const;
export type QueueAction = (typeof QueueAction)[number];

/**
 * What the detail shows, where that changes what a key does: on a permission card the number
 * keys are inert, so a digit meant for the previous card can never reach its approval
 * (cast-decide "Permission prompts in the same queue"). Only y and n answer it.
 */
export type CardKind = 'permission' | 'other';

/**
 * Each binding, with the catalogue keys of its "Key", "Where" and "Does" columns, and where it
 * is inert. A binding `ownedByControl` is the control's own (an ask's form submits on Enter, a
 * dialog closes on Esc): the sheet lists it, and the queue's handler leaves the key to it.
 */
export const KEY_MAP: ReadonlyArray<{
  keys: string[];
  action: QueueAction;
  where: 'queue' | 'detail' | 'approval' | 'askControl' | 'anywhere' | 'dialog';
  inertOn?: CardKind;
  ownedByControl?: true;
}> = [
  { keys: ['j', 'ArrowDown'], action: 'nextDecision', where: 'queue' },
  { keys: ['k', 'ArrowUp'], action: 'previousDecision', where: 'queue' },
  { keys: ['Enter'], action: 'openFirstAsk', where: 'queue' },
  { keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], action: 'focusAsk', where: 'detail', inertOn: 'permission' },
  { keys: ['y'], action: 'approve', where: 'approval' },
  { keys: ['n'], action: 'reject', where: 'approval' },
  { keys: ['w'], action: 'focusReason', where: 'detail' },
  { keys: ['Enter'], action: 'submit', where: 'askControl', ownedByControl: true },
  { keys: ['u'], action: 'undo', where: 'detail' },
  { keys: ['e'], action: 'archive', where: 'detail' },
  { keys: [']'], action: 'next', where: 'detail' },
  { keys: ['['], action: 'previous', where: 'detail' },
  { keys: ['?'], action: 'help', where: 'anywhere' },
  { keys: ['Escape'], action: 'toList', where: 'detail' },
  { keys: ['Escape'], action: 'closeDialog', where: 'dialog', ownedByControl: true },
  // Issue 41 item 1: not in §6.17's table, which knew one person per workspace; listed after it.
  { keys: ['f'], action: 'audience', where: 'queue' },
];
