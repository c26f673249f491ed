/**
 * The list pane: the bar for picked cards, the stacks as checklists, then the cards by scope,
 * and "Load 25 more" while the view holds more than is loaded (FR-6).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueCard } from '../../../../domain/queue';
import type { ListGroup } from './group-cards';
import { SelectionBar } from './selection-bar';
import { StackGroup } from './stack-group';

export function QueueList({
  groups,
  picked,
  onGroup,
  onClearPicked,
  renderCard,
  more,
  loadingMore,
  onMore,
}: {
  groups: ListGroup[];
  /** How many cards are picked for a new stack. */
  picked: number;
  onGroup: () => void;
  onClearPicked: () => void;
  renderCard: (card: QueueCard) => ReactNode;
  /** How many more the next page would load; 0 when everything is loaded. */
  more: number;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="list">
      {picked > 0 && <SelectionBar count={picked} onGroup={onGroup} onClear={onClearPicked} />}
      {groups.map((group) =>
        group.kind === 'stack' ? (
          <StackGroup key={`stack:${group.stack.id}`} stack={group.stack} cards={group.cards} renderCard={renderCard} />
        ) : (
          <section key={`scope:${group.scope ?? ''}`} aria-label={group.scope ?? t('queue.noScope')}>
            {groups.length > 1 && <h2 className="scope">{group.scope ?? t('queue.noScope')}</h2>}
            <ol className="cards">{group.cards.map(renderCard)}</ol>
          </section>
        ),
      )}
      {more > 0 && (
        <button
          type="button"
          className="load-more"
          aria-disabled={loadingMore ? 'true' : undefined}
          onClick={() => loadingMore || onMore()}
        >
          {t('queue.loadMore', { count: more })}
        </button>
      )}
    </div>
  );
}
