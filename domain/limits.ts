/** Numbers the web UI shares with the server; no imports, so the UI bundle stays free of zod. */

/** Archive all takes at most this many, the oldest first (FR-45). */
export const ARCHIVE_ALL_MAX = 200;

/** FR-50: open longer than this with no live work is flagged dormant, never archived automatically. */
export const DORMANT_AFTER_DAYS = 30;
