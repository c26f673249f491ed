/**
 * The pause mark, drawn rather than typed: U+23F8 (⏸) is in no font Debian's Chromium ships
 * with, so as a character it showed as an empty box. Decoration only: the words beside it say
 * what it means (FR-67).
 */
export function PauseIcon() {
  return (
    <svg className="icon" data-icon="pause" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="1em" height="1em">
      <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
    </svg>
  );
}
