/**
 * A stack in the list, rendered as a checklist (cast-decide "Decision stacks"): its title
 * linking to the stack page, its id, when it is due and whether that has passed, then its
 * members in the stack's order.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StackHeading } from './group-cards';
import { moment } from '../../shared/time';
import type { QueueCard } from '../../../../domain/queue';
import { AppLink } from '../../shared/app-link';

export function StackGroup({
  stack,
  cards,
  renderCard,
}: {
  stack: StackHeading;
  cards: QueueCard[];
  renderCard: (card: QueueCard) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `stack-heading-${stack.id}`;
  return (
    <section className="stack-group" aria-labelledby={headingId} data-testid="stack-group" data-stack={stack.id}>
      <h2 id={headingId} className="stack-heading">
        <span className="label">{t('stack.label')}</span> <AppLink href={`/decisions/stacks/${stack.id}`}>{stack.title}</AppLink>
      </h2>
      <p className="stack-meta">
        <span className="stack-id">{stack.id}</span>
        {stack.dueAt && (
          <>
            {' · '}
            <time dateTime={stack.dueAt}>{t('stack.due', { time: moment(stack.dueAt, i18n.language) })}</time>
          </>
        )}
        {stack.overdue && (
          <span className="chip" data-testid="overdue">
            {t('stack.overdue')}
          </span>
        )}
      </p>
      <ol className="cards checklist">{cards.map(renderCard)}</ol>
    </section>
  );
}
