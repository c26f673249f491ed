/**
 * Every multi-line field says how to send from it (issue 39 item 7): Enter adds a line, and
 * Ctrl+Enter (⌘+Enter on a Mac) sends, as it does in every such field. On a touch screen, with
 * no such keys, the line is not shown (send-hint in styles.css).
 */
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The keys as this computer names them. */
export function sendKeys(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad/i.test(platform) ? '⌘+Enter' : 'Ctrl+Enter';
}

export function SendHint({ id, saves = false }: { id: string; saves?: boolean }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="help send-hint" data-testid="send-hint">
      {t(saves ? 'keys.saveHint' : 'keys.sendHint', { keys: sendKeys() })}
    </p>
  );
}

/** Ctrl/⌘+Enter in a multi-line field sends its form; a plain Enter stays a new line. */
export function sendOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  // The queue's own keys never see it.
  event.stopPropagation();
  event.currentTarget.form?.requestSubmit();
}
