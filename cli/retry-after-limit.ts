/**
 * The longest 429 `Retry-After` the CLI waits out before it gives up with exit 6, and the most
 * time all the waits for a 503's `Retry-After` may take together. The CLI's own
 * number, passed to the client on every request (cli/http.ts), so `cast --help` can print the
 * very limit the CLI uses without loading client/ at start-up.
 */
export const RETRY_AFTER_MAX_SECONDS = 60;
