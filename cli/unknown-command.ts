/**
 * An unknown command is a usage error that names itself (issue 39 item 11), as `gh` does:
 * `unknown command "lsp" for "cast"`, exit 2, on stderr. Commander answers `cast lsp --help`
 * with the top-level help and exit 0 (it looks for --help before it finds the command
 * unknown), so the command line is walked here first, down the tree of commands that only
 * group others (cast, cast stack, cast hook, …). A command that takes operands itself
 * (`cast decide "Q"`) ends the walk: its operand is not a command name.
 */
import type { Command } from 'commander';
import { CliError, Exit } from './output';

export function unknownCommand(program: Command, args: string[]): CliError | null {
  let command = program;
  const path = [program.name()];
  for (const token of args) {
    if (token === '--') return null;
    // A group's own flags (--help, --version, --json) take no value: skip them.
    if (token.startsWith('-')) continue;
    if (command.commands.length === 0) return null;
    const sub = command.commands.find((candidate) => candidate.name() === token || candidate.aliases().includes(token));
    if (sub) {
      command = sub;
      path.push(token);
      continue;
    }
    if (token === 'help' || command.registeredArguments.length > 0) return null;
    return unknownCommandError(
      token,
      path.join(' '),
      command.commands.map((candidate) => candidate.name()),
    );
  }
  return null;
}

/** `unknown command "X" for "cast stack"`, a close name if there is one, and where the commands are listed. */
export function unknownCommandError(token: string, parent: string, names: string[]): CliError {
  const near = names.filter((name) => name !== 'help' && editDistance(token, name) <= Math.max(1, Math.floor(name.length / 3)));
  const lines = [`unknown command "${token}" for "${parent}"`];
  if (near.length > 0) lines.push(`Did you mean ${near.map((name) => `"${name}"`).join(' or ')}?`);
  lines.push(`Run '${parent} --help' for its commands.`);
  return new CliError(lines.join('\n'), Exit.usage, {}, 'unknown_command');
}

/** Levenshtein distance: small names, so the plain table is enough. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
