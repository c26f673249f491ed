/**
 * `/decisions`: the queue — counts, tabs, filters, the health line, the ranked list (stacks
 * as checklists, then scopes), the selected decision, and grouping picked cards into a new stack.
 * What is loaded stays loaded through every refresh and answer (FR-7); after an answer, focus
 * stays with the decision, never on the page body, and the live region says what happened (FR-66).
 */
import { useCallback, useDeferredValue, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueCard as Card } from '../../../../domain/queue';
import { QUEUE_PAGE } from '../../http/decisions';
import './decisions.css';
import { ArrivalsBar } from './arrivals-bar';
import { EmptyQueue } from './empty-queue';
import { HealthLine } from '../health/health-line';
import { LiveRegion } from '../../shared/live-region';
import type { RuleRef } from '../../../../domain/automatic-answer';
import { disableRule } from '../../http/rules';
import { problemMessage } from '../../http/problem-message';
import { MemoCard } from './memo-card';
import { QueueFailure } from './queue-failure';
import { QueueFilters } from './queue-filters';
import { QueueHeader } from './queue-header';
import { QueueList } from './queue-list';
import { QueueSkeleton } from './queue-skeleton';
import { QueueTabs } from './queue-tabs';
import { useStableHandlers } from '../../shared/use-stable-handlers';
import type { DetailCommands } from '../../keyboard/detail-commands';
import { useQueuePageKeys } from './use-queue-page-keys';
import { useQueue } from './queue-queries';
import { useMay } from '../../shared/session';
import { useGroupsInPlace } from './use-groups-in-place';
import { lastKnown } from './last-known';
import { readQueueUrl, SHOWN_MAX } from './query';
import { ARRIVAL_ROOM } from './arrivals';
import { useArrivals } from './use-arrivals';
import { QueueDetailPane } from './queue-detail-pane';
import { QueueDialogs } from './queue-dialogs';
import { changeQueueView, openQueueView, type QueueDialog } from './queue-view';
import { useQueueUrl } from './use-queue-url';
import { useSidebarCount } from './use-sidebar-count';
import { useQueueActions } from './use-queue-actions';
import { useDetailDrawn } from './use-detail-drawn';
import { useQueueWalk } from './use-queue-walk';
import { useVisibleRefresh } from '../../shared/use-visible-refresh';

export function Decisions({ me }: { me: string | null }) {
  const { t } = useTranslation();
  const [view, change] = useReducer(changeQueueView, undefined, () => openQueueView(readQueueUrl()));
  const { tab, filters, id: selected, mode, shown, detailOpen, picked, dialog, message, undoArchive, offerDisable } = view;
  const detailDrawn = useDetailDrawn(detailOpen);
  // The list shows what is loaded and the arrivals the person chose to show; the read goes
  // ARRIVAL_ROOM further, so arrivals held back above push no known card off it (issue 39 item 1).
  const viewKey = `${tab}:${JSON.stringify(filters)}`;
  const [joinedMore, setJoinedMore] = useState({ view: viewKey, count: 0 });
  const joinedCount = joinedMore.view === viewKey ? joinedMore.count : 0;
  const listed = Math.min(shown + joinedCount, SHOWN_MAX);
  const queue = useQueue(tab, filters, Math.min(listed + ARRIVAL_ROOM, SHOWN_MAX));
  const { failed, refresh, loadingMore } = queue;
  // The list is drawn from a deferred copy of what was read: React draws it in slices, between
  // which the page stays responsive, instead of one long task per read (issue 30 item 16).
  const page = useDeferredValue(queue.page);
  const step = mode === 'step';
  // Whom the queue is for is its scope, not a filter: "For me" and Everyone each have their own empty state and counts.
  const filtered = Object.keys(filters).some((key) => key !== 'for');
  const say = useCallback((words: string) => change({ type: 'say', message: words }), []);
  const open = (which: QueueDialog | null) => change({ type: 'dialog', dialog: which });
  // An archive, from a card, the pane's button or `e`: said with Undo, like Gmail (issue 38 item 6).
  const sayArchived = useCallback((id: string) => change({ type: 'say', message: t('queue.archivedOne'), undoArchive: id }), [t]);
  // Issue 42 item 6: a rule's answer undone, said with an offer to turn the rule off.
  const sayRuleUndone = useCallback(
    (rule: RuleRef) =>
      change({ type: 'say', message: t('rules.undone', { rule: rule.name, revision: rule.revision }), offerDisable: rule }),
    [t],
  );
  const actions = useQueueActions(say, sayArchived);
  useVisibleRefresh(
    useCallback(() => void refresh(), [refresh]),
    `${tab}:${JSON.stringify(filters)}`,
  );

  // The list's order is the grouped one, so j/k, ] / [ and Next follow what is on screen; the
  // groups keep their places as it reads afresh (issue 38 item 7), and decisions filed meanwhile
  // wait above it until the person shows them (issue 39 item 1).
  const arrivals = useArrivals(page, viewKey, listed);
  const held = arrivals.held.length;
  const groups = useGroupsInPlace(arrivals.shown, `${viewKey}:${arrivals.joins}`);
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
  const detail = useRef<DetailCommands | null>(null);

  // The badge counts "For me", as the sidebar's own read does: Everyone's count is not the badge's.
  useSidebarCount(page, filtered || filters.for === 'everyone');
  useQueueUrl({ tab, filters, id: selected, mode, shown });

  useQueuePageKeys(
    {
      move: walk.move,
      current,
      openDetail: () => change({ type: 'detail', open: true }),
      // Enter on a card other than the selected one opens that card, with focus on its first ask.
      openCard: (id) => walk.open(id, 'ask'),
      backToList: walk.backToList,
      openHelp: () => open('help'),
      toggleAudience: () => change({ type: 'filter', filters: { ...filters, for: filters.for === 'everyone' ? undefined : 'everyone' } }),
      detail: () => detail.current,
    },
    walk.card,
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

  /** The toast's offer after a rule's answer was undone: the rule is turned off, and the toast says so (or why not). */
  async function turnOff(rule: RuleRef) {
    try {
      await disableRule(rule.id);
      say(t('rules.disabled', { rule: rule.name }));
    } catch (error) {
      say(problemMessage(error));
    }
  }

  /** "Show": the new arrivals join the list, in the rank's order; focus goes to the list's first card, as the button leaves. */
  function showArrivals() {
    setJoinedMore({ view: viewKey, count: joinedCount + held });
    arrivals.join();
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.list [data-card]')?.focus());
  }

  /** "Hide for 30 days": the line goes, and focus moves to the page's heading rather than nowhere. */
  async function hideHealth() {
    await actions.hideHealth();
    document.querySelector<HTMLElement>('main.queue h1')?.focus();
  }

  const cardEvents = useStableHandlers({
    // A click lands on the title, so a host's prompt is read before y can answer it.
    select: (id: string) => walk.open(id, 'title'),
    pick: (id: string) => change({ type: 'pick', id }),
    restore: (id: string) => void restore(id),
    archive: (id: string) => void archive(id),
  });

  const detailEvents = useStableHandlers({
    move: walk.move,
    changed: walk.changed,
    arrived: walk.arrived,
    archived: sayArchived,
    ruleUndone: sayRuleUndone,
  });

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

  // What the next page would load: past what is shown and the arrivals waiting above it.
  const more = page ? Math.max(0, Math.min(QUEUE_PAGE, page.counts.total - arrivals.shown.length - held)) : 0;
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
      <ArrivalsBar count={failed ? 0 : held} onShow={showArrivals} />
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
            <QueueDetailPane
              onBack={walk.backToList}
              id={current}
              position={place ? { index: place.inList || place.index < total ? place.index + 1 : null, total } : null}
              walk={{ ...walk.can, onMove: detailEvents.move }}
              onChanged={detailEvents.changed}
              announce={say}
              onArchived={detailEvents.archived}
              onRuleUndone={detailEvents.ruleUndone}
              arrive={walk.arrive}
              onArrived={detailEvents.arrived}
              commands={detail}
            />
          )}
        </div>
      )}
      <LiveRegion
        message={message}
        action={
          undoArchive
            ? { label: t('queue.undoArchive'), run: () => void undoArchived(undoArchive) }
            : offerDisable
              ? { label: t('rules.disableOffer', { rule: offerDisable.name }), run: () => void turnOff(offerDisable) }
              : null
        }
      />
      <QueueDialogs
        dialog={dialog}
        total={total}
        filters={filters}
        loaded={page !== null}
        first={page?.decisions[0]}
        picked={chosen.map((card) => card.id)}
        onArchiveAll={(since) => void archiveAll(since)}
        onBandSaved={() => {
          open(null);
          say(t('health.saved'));
        }}
        onGroup={(title) =>
          actions.groupIntoStack(
            title,
            chosen.map((card) => card.id),
          )
        }
        onClose={() => open(null)}
      />
    </main>
  );
}
