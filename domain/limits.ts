/** Numbers the web UI shares with the server; no imports, so the UI bundle stays free of zod. */

/** Archive all takes at most this many, the oldest first (FR-45). */
export const ARCHIVE_ALL_MAX = 200;

/** FR-50: open longer than this with no live work is flagged dormant, never archived automatically. */
export const DORMANT_AFTER_DAYS = 30;

/** A stack's auto-default waits at least a second (tests) and at most 90 days. */
export const AUTO_DEFAULT_MIN_MS = 1000;
export const AUTO_DEFAULT_MAX_MS = 90 * 86_400_000;

/**
 * Issue 31 item 3: what a host sends about one tool call — a command, or a Write's whole content
 * as JSON — is kept and shown whole up to this many characters; past it the prompt is refused
 * and nothing is filed. A long script or a generated file fits; a runaway blob does not.
 */
export const HOST_INPUT_MAX = 200_000;

/**
 * Issue 31 item 9: a permission card names at most this many rules its host keeps on an
 * "always" approve, each at most `ALWAYS_ALLOW_TEXT_MAX` characters. Longer, a rule is the
 * exact text of one long call, which would hardly come again: the hook offers no "always" then.
 */
export const ALWAYS_ALLOWS_MAX = 10;
export const ALWAYS_ALLOW_TEXT_MAX = 4000;
