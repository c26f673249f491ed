/** `cast decide "Q" -o "Label :: consequence" …`: files one choice into the queue and prints the card. */
import type { Command } from 'commander';
import { collect } from '../../collect';

export type FileOptions = {
  option: string[];
  context?: string;
  report?: string;
  doc?: string;
  optionPage: string[];
  advisory?: boolean;
  default?: string;
  stack?: string;
  to?: string;
  json?: boolean;
};

export function registerFile(decide: Command): void {
  decide
    .argument('[question]', 'the question, in one line')
    .option('-o, --option <option>', 'an option, "Label :: what choosing it changes" (2–9)', collect, [])
    .option('--context <text>', 'what happened and what each option changes; - reads it from stdin')
    .option('--report <file>', 'an HTML report the person reads before answering')
    .option('--doc <file>', 'a plain-text document body')
    .option('--option-page <n=file>', 'an HTML page for option N', collect, [])
    .option('--advisory', 'keep working on --default meanwhile (only for a default that is cheap to undo)')
    .option('--default <n>', 'the option an advisory decision proceeds on')
    .option('--stack <stack>', 'append it to this stack, e.g. ds-7 (cast stack ls lists them)')
    .option('--to <who>', 'whom it is for: @dana (a member) or team:infra (a team); without it, everyone')
    .option('--json', 'print one JSON object')
    .action(async (question: string | undefined, opts: FileOptions, command: Command) =>
      (await import('./file-action')).run(
        question,
        opts,
        command.commands.map((sub) => sub.name()),
      ),
    );
}
