/** What `cast stack show` does: reads the checklist and prints it. */
import { emit } from '../../output';
import { connect } from '../decide/target';
import { getChecklist } from './get-checklist';
import { checklistJson, checklistLines } from './present';
import { checkStackId } from './stack-input';

export async function run(given: string, opts: { json?: boolean }): Promise<void> {
  const id = checkStackId(given);
  const { stack: view, decisions } = await getChecklist(connect(), id);
  emit(Boolean(opts.json), checklistLines(view, decisions, new Date()), checklistJson(view, decisions));
}
