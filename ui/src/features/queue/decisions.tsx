/**
 * `/decisions`: the queue — counts, tabs, filters, the health line, the ranked list (stacks
 * as checklists, then scopes), the selected decision, and grouping picked cards into a new stack.
 * What is loaded stays loaded through every refresh and answer (FR-7); after an answer, focus
 * stays with the decision, never on the page body, and the live region says what happened (FR-66).
 */
import { useCallback, useDeferredValue, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueCard as Card } from '../../../../domain/queue';
import { QUEUE_PAGE } from '../../http/decisions';
import './decisions.css';
import { ArchiveAllDialog } from './archive-all-dialog';
import { MemoDetail } from '../decision/memo-detail';
import { EmptyQueue } from './empty-queue';
import { GroupStackDialog } from '../stacks/group-stack-dialog';
import { HealthBandDialog } from '../health/health-band-dialog';
import { HealthLine } from '../health/health-line';
import { KeyHelp } from '../../keyboard/key-help';
import { LiveRegion } from '../../shared/live-region';
import { MemoCard } from './memo-card';
import { QueueFailure } from './queue-failure';
import { QueueFilters } from './queue-filters';
import { QueueHeader } from './queue-header';
import { QueueList } from './queue-list';
import { QueueSkeleton } from './queue-skeleton';
import { QueueTabs } from './queue-tabs';
import { useStableHandlers } from '../../shared/use-stable-handlers';
import type { DetailCommands } from '../../keyboard/detail-commands';
import { queueKeyHandlers } from './queue-key-handlers';
import { useQueueKeys } from './use-queue-keys';
import { useQueue } from './queue-queries';
import { useMay } from '../../shared/session';
import { filterInWords } from './filter-in-words';
import { useGroupsInPlace } from './use-groups-in-place';
import { isPermissionCard } from '../../shared/host-prompt';
import { lastKnown } from './last-known';
import { publishOpenCount, refreshOpenCount } from '../../shared/open-count';
import { queueSearch, readQueueUrl } from './query';
import { changeQueueView, openQueueView, type QueueDialog } from './queue-view';
import { useQueueActions } from './use-queue-actions';
import { useDetailDrawn } from './use-detail-drawn';
import { useQueueWalk } from './use-queue-walk';
import { useVisibleRefresh } from '../../shared/use-visible-refresh';

export function Decisions({ me }: { me: string | null }) {
  const { t } = useTranslation();
  const [view, change] = useReducer(changeQueueView, undefined, () => openQueueView(readQueueUrl()));
  const { tab, filters, id: selected, mode, shown, detailOpen, picked, dialog, message, undoArchive } = view;
  const detailDrawn = useDetailDrawn(detailOpen);
  const queue = useQueue(tab, filters, shown);
  const { failed, refresh, loadingMore } = queue;
  // The list is drawn from a deferred copy of what was read: React draws it in slices, between
  // which the page stays responsive, instead of one long task per read (issue 30 item 16).
  const page = useDeferredValue(queue.page);
  const step = mode === 'step';
  const filtered = Object.keys(filters).length > 0;
  const say = useCallback((words: string) => change({ type: 'say', message: words }), []);
  const open = (which: QueueDialog | null) => change({ type: 'dialog', dialog: which });
  // An archive, from a card, the pane's button or `e`: said with Undo, like Gmail (issue 38 item 6).
  const sayArchived = useCallback((id: string) => change({ type: 'say', message: t('queue.archivedOne'), undoArchive: id }), [t]);
  const actions = useQueueActions(say, sayArchived);
  useVisibleRefresh(
    useCallback(() => void refresh(), [refresh]),
    `${tab}:${JSON.stringify(filters)}`,
  );

  // The list's order is the grouped one, so j/k, ] / [ and Next follow what is on screen; the
  // groups keep their places as it reads afresh (issue 38 item 7).
  const groups = useGroupsInPlace(page?.decisions ?? [], `${tab}:${JSON.stringify(filters)}`);
  const ordered = groups.flatMap((group) => group.cards);
  const walk = useQueueWalk({ cards: ordered, selected, step, change });
  const { current, place } = walk;
  // Open cards in no stack can be picked in list mode (a decision sits in one stack at a
  // time); what is picked is sent in the order it is shown.
  // What the role may not do is not offered (issue 38): the API would refuse it with 403.
  const mayArchive = useMay('decision.archive');
  const mayStack = useMay('stack.manage');
  const canPick = (card: Card) => mayStack && !step && tab === 'open' && card.status === 'open' && card.stackPlace === null;
  const chosen = ordered.filter((card) => picked.has(card.id) && canPick(card));
  const cardKind = isPermissionCard(walk.card) ? 'permission' : 'other';
  const detail = useRef<DetailCommands | null>(null);

  // The sidebar's badge: an unfiltered read counts the whole workspace; a filtered one does not.
  useEffect(() => {
    if (!page) return;
    if (!filtered) publishOpenCount(page.counts.open);
    else void refreshOpenCount();
  }, [page, filtered]);

  useEffect(() => {
    history.replaceState(null, '', `${location.pathname}${queueSearch({ tab, filters, id: selected, mode, shown })}`);
  }, [tab, filters, selected, mode, shown]);

  // The detail pane scrolls on its own beside the list (§6.1): another decision starts at its top.
  // The first one shown is there already; scrolling it would only force a layout of the new page.
  const detailPane = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef(current);
  useEffect(() => {
    const previous = scrolledFor.current;
    scrolledFor.current = current;
    if (previous !== null && previous !== current) detailPane.current?.scrollTo({ top: 0 });
  }, [current]);

  useQueueKeys(
    queueKeyHandlers(t, {
      move: walk.move,
      current,
      openDetail: () => change({ type: 'detail', open: true }),
      // Enter on a card other than the selected one opens that card, with focus on its first ask.
      openCard: (id) => walk.open(id, 'ask'),
      backToList: walk.backToList,
      openHelp: () => open('help'),
      detail: () => detail.current,
    }),
    cardKind,
    say,
  );

  async function archiveAll(since: string) {
    open(null);
    await actions.archiveAll(filters, since);
    change({ type: 'select', id: null });
  }

  /** FR-43: Archive from the list. Focus goes to the card that followed it, as the button leaves with it. */
  async function archive(id: string) {
    if (await actions.archive(id)) walk.focusAfter(id);
  }

  async function restore(id: string) {
    await actions.restore(id);
    if (selected === id) change({ type: 'select', id: null });
  }

  /** The archive toast's Undo: the decision is restored, and focus goes back to it — its pane, or its card. */
  async function undoArchived(id: string) {
    if (!(await actions.restore(id))) return;
    requestAnimationFrame(() => {
      const back = id === current ? document.querySelector<HTMLElement>('#detail-title') : null;
      (back ?? document.querySelector<HTMLElement>(`[data-card="${CSS.escape(id)}"]`))?.focus();
    });
  }

  /** "Hide for 30 days": the line goes, and focus moves to the page's heading rather than nowhere. */
  async function hideHealth() {
    await actions.hideHealth();
    document.querySelector<HTMLElement>('main.queue h1')?.focus();
  }

  // The band dialog closed: focus goes back to the ⋯ button that opened it, once the dialog
  // has left the page (while it is open and modal, the rest of the page cannot take focus).
  const adjustingBand = dialog === 'band';
  const bandWasOpen = useRef(false);
  useEffect(() => {
    if (adjustingBand) {
      bandWasOpen.current = true;
      return;
    }
    if (!bandWasOpen.current) return;
    bandWasOpen.current = false;
    document.querySelector<HTMLElement>('.health-menu > button')?.focus();
  }, [adjustingBand]);

  const cardEvents = useStableHandlers({
    // A click lands on the title, so a host's prompt is read before y can answer it.
    select: (id: string) => walk.open(id, 'title'),
    pick: (id: string) => change({ type: 'pick', id }),
    restore: (id: string) => void restore(id),
    archive: (id: string) => void archive(id),
  });

  const detailEvents = useStableHandlers({ move: walk.move, changed: walk.changed, arrived: walk.arrived, archived: sayArchived });

  function renderCard(card: Card) {
    return (
      <MemoCard
        key={card.id}
        card={card}
        current={card.id === current}
        me={me}
        pick={canPick(card) ? { checked: picked.has(card.id), onToggle: () => cardEvents.pick(card.id) } : undefined}
        onSelect={() => cardEvents.select(card.id)}
        onRestore={mayArchive ? () => cardEvents.restore(card.id) : undefined}
        onArchive={mayArchive && tab === 'open' ? () => cardEvents.archive(card.id) : undefined}
      />
    );
  }

  const more = page ? Math.min(QUEUE_PAGE, page.counts.total - page.decisions.length) : 0;
  const total = page?.counts.total ?? 0;
  return (
    <main className="queue" data-view={detailOpen && current ? 'detail' : 'list'}>
      <QueueHeader
        counts={page?.counts ?? null}
        filtered={filtered}
        canArchiveAll={mayArchive && tab === 'open' && total > 0}
        onArchiveAll={() => open('archive-all')}
        onHelp={() => open('help')}
        onSignOut={() => void actions.signOut()}
      />
      <div className="queue-bar">
        <QueueTabs tab={tab} counts={page?.tabs ?? null} onChange={(name) => change({ type: 'tab', tab: name })} />
        <QueueFilters
          filters={filters}
          onChange={(next) => change({ type: 'filter', filters: next })}
          matched={queue.page ? queue.page.counts.total : null}
        />
      </div>
      {/* Absent while loading and when there is none (FR-55); never shown to a workspace that has
          had no decision yet, whose "quiet" would be the over-guessing warning E12 rules out. */}
      {!failed && page?.health && page.history.decisions > 0 && (
        <HealthLine line={page.health} filtered={filtered} onAdjust={() => open('band')} onHide={() => void hideHealth()} />
      )}
      {failed && <QueueFailure known={lastKnown()} onRetry={() => void refresh()} />}
      {!failed && !page && <QueueSkeleton />}
      {!failed && page && page.decisions.length === 0 && !current && (
        <EmptyQueue history={page.history} kind={filtered ? 'filtered' : tab} />
      )}
      {!failed && page && (page.decisions.length > 0 || current) && (
        <div className={step ? 'panes step' : 'panes'} data-view={detailOpen ? 'detail' : 'list'}>
          <QueueList
            groups={groups}
            picked={chosen.length}
            onGroup={() => open('group')}
            onClearPicked={() => change({ type: 'unpick-all' })}
            renderCard={renderCard}
            more={more}
            loadingMore={loadingMore}
            onMore={() => change({ type: 'more' })}
          />
          {current && detailDrawn && (
            <div className="detail-pane" ref={detailPane}>
              <button type="button" className="back" onClick={walk.backToList}>
                {t('queue.back')}
              </button>
              <MemoDetail
                key={current}
                id={current}
                position={place ? { index: place.inList || place.index < total ? place.index + 1 : null, total } : null}
                walk={{ ...walk.can, onMove: detailEvents.move }}
                onChanged={detailEvents.changed}
                announce={say}
                onArchived={detailEvents.archived}
                arrive={walk.arrive}
                onArrived={detailEvents.arrived}
                commands={detail}
              />
            </div>
          )}
        </div>
      )}
      <LiveRegion
        message={message}
        action={undoArchive ? { label: t('queue.undoArchive'), run: () => void undoArchived(undoArchive) } : null}
      />
      {dialog === 'help' && <KeyHelp onClose={() => open(null)} />}
      {dialog === 'archive-all' && page && (
        <ArchiveAllDialog
          count={total}
          filter={filterInWords(t, filters, page.decisions[0])}
          onConfirm={(since) => void archiveAll(since)}
          onClose={() => open(null)}
        />
      )}
      {adjustingBand && (
        <HealthBandDialog
          onSaved={() => {
            open(null);
            say(t('health.saved'));
          }}
          onClose={() => open(null)}
        />
      )}
      {dialog === 'group' && (
        <GroupStackDialog
          count={chosen.length}
          onCreate={(title) =>
            actions.groupIntoStack(
              title,
              chosen.map((card) => card.id),
            )
          }
          onClose={() => open(null)}
        />
      )}
    </main>
  );
}
