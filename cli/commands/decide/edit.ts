/**
 * `cast decide edit [sd-N]`: rewrites the open decision in place — it keeps its id, its age
 * and its place in the queue. An answered decision cannot change (exit 3, with the answer).
 */
import type { Command } from 'commander';
import { collect } from '../../collect';
import type { FileOptions } from './file';

/** Everything `cast decide` takes, plus a new question and --blocking. */
export type EditOptions = FileOptions & { question?: string; blocking?: boolean };

export function registerEdit(decide: Command): void {
  decide
    .command('edit')
    .description("rewrite the open decision in place (with no id: the session's single open one)")
    .argument('[id]', 'the decision, e.g. sd-41')
    .option('--question <text>', 'the new question')
    .option('-o, --option <option>', 'replace the options: "Label :: consequence" (2–9)', collect, [])
    .option('--context <text>', 'the new context; - reads it from stdin')
    .option('--report <file>', 'a new HTML report')
    .option('--doc <file>', 'a new plain-text document body')
    .option('--option-page <n=file>', 'an HTML page for option N', collect, [])
    .option('--advisory', 'make it advisory, proceeding on --default')
    .option('--default <n>', 'the option an advisory decision proceeds on')
    .option('--blocking', 'make it blocking; clears the default')
    .option('--json', 'print one JSON object')
    .action(async (given: string | undefined, opts: EditOptions) => (await import('./edit-action')).run(given, opts));
}
