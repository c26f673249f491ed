/**
 * Imported first (main.tsx), before any schema is built: zod compiles object parsers with
 * `new Function` unless told not to, and the app's content policy (script-src 'self', no
 * 'unsafe-eval') refuses that, which Chromium reports as a policy violation on every load.
 */
import { config } from 'zod';

config({ jitless: true });
