/**
 * The queue card, redrawn only when what it shows changes: its decision (the query keeps an
 * unchanged card the same object across reads), whether it is current or picked, and who is
 * signed in. Its handlers call through stable ones (use-stable-handlers.ts), so a newer closure
 * would do the same thing.
 */
import { memo, type ComponentProps } from 'react';
import { QueueCard } from './queue-card';

type Props = ComponentProps<typeof QueueCard>;

export const MemoCard = memo(
  QueueCard,
  (before: Props, after: Props) =>
    before.card === after.card &&
    before.current === after.current &&
    before.me === after.me &&
    (before.pick === undefined) === (after.pick === undefined) &&
    before.pick?.checked === after.pick?.checked &&
    (before.onArchive === undefined) === (after.onArchive === undefined),
);
