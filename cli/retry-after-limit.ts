/**
 * The longest `Retry-After` the CLI waits out before it gives up with exit 6. The CLI's own
 * number, passed to the client on every request (cli/http.ts), so `cast --help` can print the
 * very limit the CLI uses without loading client/ at start-up.
 */
export const RETRY_AFTER_MAX_SECONDS = 60;
