/**
 * An Edit's change word by word (issue 39 item 8), by jsdiff (`diff`): a one-line JSON edit
 * shows the value that changed, not the whole line removed and the whole line added. White
 * space counts, since in code it can be the change.
 */
import { diffWordsWithSpace } from 'diff';

export type DiffPart = { kind: 'kept' | 'removed' | 'added'; text: string };

export function diffWords(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'kept',
    text: change.value,
  }));
}
