/**
 * The end of `cast --help`, as `gh help environment` does it: the environment the CLI reads
 * (cli/config.ts) and every exit code it uses (cli/output.ts). The exit codes are keyed by
 * `ExitCode`, so a code added to `Exit` without a line here does not compile. `cast --help`
 * loads this, so it imports nothing that pulls in zod, domain/ or client/ (test/unit/cli-lazy-imports.test.ts).
 */
import { Exit, type ExitCode } from './output';
import { RETRY_AFTER_MAX_SECONDS } from './retry-after-limit';

const ENVIRONMENT: Array<[string, string]> = [
  ['CAST_URL', "Cast's address; overrides the one `cast login` stored"],
  ['CAST_TOKEN', 'the bearer token; overrides the stored one'],
  [
    'CAST_SESSION',
    "the asking session (the agent host's conversation id); unset, one default per member and machine (cli-<host>-<token hash>), announced on stderr",
  ],
  ['CAST_CONFIG', 'the config file `cast login` writes (mode 0600); default ${XDG_CONFIG_HOME:-~/.config}/cast/config.json'],
  ['NO_COLOR', 'no colour (colour is only ever used on a terminal)'],
];

const EXIT_CODES: Record<ExitCode, string> = {
  [Exit.ok]: 'success (for `decide wait`: answered)',
  [Exit.error]: 'error: Cast unreachable, or a failure with no code of its own',
  [Exit.usage]: 'usage: a malformed command line or input, refused before the server when the CLI can tell',
  [Exit.conflict]: 'conflict: the first answer stands, or the decision is no longer open',
  [Exit.notAllowed]: "not signed in or not allowed: the token was refused, or the session is another member's",
  [Exit.closed]: 'the decision was withdrawn or archived',
  [Exit.rateLimited]: `rate-limited: Cast asked this token to wait longer than ${RETRY_AFTER_MAX_SECONDS} s, or refused again after one wait`,
  [Exit.refused]: 'refused by Cast: the server found the input invalid (a 400 or 422 problem; --json gives its code); nothing changed',
  [Exit.pending]: '`decide wait --timeout` ran out with the decision still pending',
  [Exit.personOnly]:
    "a person's act: the token is an agent's, which can file and wait but never answer, approve, undo or archive; nothing changed",
  [Exit.interrupted]: 'interrupted by Ctrl-C or SIGTERM (the decision stays open)',
};

const LINE = 80;

/** Two columns, the second wrapped at 80 characters under itself, as commander lays out options. */
export function table(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([name]) => name.length));
  const indent = ' '.repeat(width + 4);
  return rows
    .map(([name, text]) => {
      const lines: string[] = [];
      let line = '';
      for (const word of text.split(' ')) {
        if (line && indent.length + line.length + 1 + word.length > LINE) {
          lines.push(line);
          line = word;
        } else line = line ? `${line} ${word}` : word;
      }
      lines.push(line);
      return `  ${name.padEnd(width)}  ${lines.join(`\n${indent}`)}`;
    })
    .join('\n');
}

/** The environment variables as a help section; a command that reads one differently says so (the hook's CAST_SESSION). */
export function environmentHelp(differently: Record<string, string> = {}): string {
  return `Environment:\n${table(ENVIRONMENT.map(([name, text]) => [name, differently[name] ?? text]))}`;
}

export const exitCodesHelp = `Exit codes:\n${table(Object.entries(EXIT_CODES).map(([code, text]) => [code, text]))}\n  (cast hook claude-code and cast hook codex speak their host's codes instead: see their --help)`;

/** What `cast --help` ends with. */
export const rootHelpEnd = `\n${environmentHelp()}\n\n${exitCodesHelp}`;
