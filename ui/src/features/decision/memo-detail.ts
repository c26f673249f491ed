/**
 * The detail pane, redrawn by its parent only when where it stands changes (the decision, the
 * walker, Previous/Next, where focus should arrive); its own reads redraw it when they change.
 * Its handlers call through stable ones (use-stable-handlers.ts).
 */
import { memo, type ComponentProps } from 'react';
import { DecisionDetail } from './decision-detail';

type Props = ComponentProps<typeof DecisionDetail>;

export const MemoDetail = memo(
  DecisionDetail,
  (before: Props, after: Props) =>
    before.id === after.id &&
    before.position?.index === after.position?.index &&
    before.position?.total === after.position?.total &&
    before.walk?.previous === after.walk?.previous &&
    before.walk?.next === after.walk?.next &&
    before.arrive === after.arrive &&
    before.titleAs === after.titleAs &&
    before.embedDocuments === after.embedDocuments,
);
