/** What `cast login` does: reads the token, has Cast accept it, and only then writes the config file. */
import { sessionRoutes } from '../../domain/routes/sessions';
import { configPath, writeConfig } from '../config';
import { client } from '../http';
import { emit, usageError } from '../output';
import { readStdin } from '../stdin';
import type { LoginOptions } from './login';

export async function run(opts: LoginOptions): Promise<void> {
  let url: string;
  try {
    url = new URL(opts.url).toString().replace(/\/+$/, '');
  } catch {
    throw usageError(`--url ${opts.url}: not a URL; give one such as http://127.0.0.1:7400.`);
  }
  const token = (opts.token === '-' ? await readStdin() : opts.token).trim();
  if (!token) throw usageError('The token is empty: pass it with --token - on stdin, as printed by npm start.');
  // Refuse to store a token Cast does not accept (401 → exit 4).
  await client({ url, token }).request(sessionRoutes.listSessions, { query: { limit: 1 } });
  const path = writeConfig({ url, token });
  emit(Boolean(opts.json), [`Signed in to ${url}. Config written to ${path}.`], { url, config: configPath() });
}
