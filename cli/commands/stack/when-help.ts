/** The forms `cast stack create` and `cast stack policy` accept, for the end of their --help. */
export const WHEN_HELP = `
WHEN: today, tomorrow, a weekday (friday = the next Friday, never today), a date (2026-12-01)
or a date-time (2026-12-01T17:00, or with an offset: 2026-12-01T17:00+02:00). A date without
a time means the end of that day in your local time zone (23:59:59).
DURATION: 45s, 90m, 24h, 3d, or several together (1h30m). With an auto-default, each advisory member takes its declared
default that long after it joined the stack; blocking members never do.`;
