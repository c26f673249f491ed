/**
 * An ask control's form (§6.17 "Enter — an ask control — Submit that ask's answer"): Enter
 * submits from a single-line field, an option or the submit button; in a multi-line field (a
 * fact, a note, a reason) Enter adds a line and Ctrl/⌘+Enter submits, as it does from the ask itself. An answer that is not
 * ready (nothing chosen, a required reason missing) is not sent: focus goes to what is missing.
 */
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';

export function AskForm({
  ready,
  onSubmit,
  whenNotReady,
  children,
}: {
  ready: boolean;
  onSubmit: () => void;
  /** Shows the person what is missing, given the form. */
  whenNotReady?: (form: HTMLFormElement) => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready) onSubmit();
    else whenNotReady?.(event.currentTarget);
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.altKey || event.shiftKey) return;
    const target = event.target;
    const sendKeys = event.ctrlKey || event.metaKey;
    // A button or a link keeps its own Enter (press it, follow it); so does a plain Enter in a
    // multi-line field, which adds a line. Ctrl/⌘+Enter sends from anywhere else in the ask — a
    // field, or the ask itself (issue 39 item 7).
    const pressable = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
    if (pressable) return;
    if (!sendKeys && !(target instanceof HTMLInputElement)) return;
    event.preventDefault();
    // The queue's own Enter ("open the focused decision's first ask") is not this one.
    event.stopPropagation();
    event.currentTarget.requestSubmit();
  }

  return (
    <form className="ask-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      {children}
    </form>
  );
}

/** Focuses the form's first element matching `selector`, if there is one. */
export function focusIn(form: HTMLFormElement, selector: string): void {
  form.querySelector<HTMLElement>(selector)?.focus();
}
