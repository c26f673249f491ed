/**
 * Enter on a verdict ask itself — where the queue's keys land on an action or an access ask —
 * (issue 39 item 7): it used to do nothing, silently. It is one step from answering, not the
 * answer: focus goes to the ask's primary button and the person is told that Enter again
 * presses it, so two Enters are a choice and a focus move alone never answers (issue 38).
 */
import type { KeyboardEvent, RefObject } from 'react';

export function enterOnAsk(
  event: KeyboardEvent<HTMLElement>,
  primary: RefObject<HTMLButtonElement | null>,
  say: (hint: string) => void,
  hint: string,
): void {
  if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  // Not the queue's Enter either ("open the focused decision's first ask").
  event.stopPropagation();
  primary.current?.focus();
  say(hint);
}
