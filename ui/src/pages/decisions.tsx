/**
 * `/decisions`: the queue — counts, tabs, filters, the health line, the ranked list (stacks
 * as checklists, then scopes), the selected decision, and grouping picked cards into a new stack.
 * A permission prompt or terminal question, once opened, is shown at full width as in step mode.
 * What is loaded stays loaded through every refresh and answer (FR-7); after an answer, focus
 * moves on, never to the page body, and the live region says what happened (FR-66).
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueCard as Card } from '../../../domain/queue';
import { QUEUE_PAGE } from '../http/decisions';
import './decisions.css';
import { problemMessage } from '../http/problem-message';
import { AppLink } from '../components/app-link';
import { ArchiveAllDialog } from '../components/archive-all-dialog';
import { DecisionDetail } from '../components/decision-detail';
import { EmptyQueue } from '../components/empty-queue';
import { GroupStackDialog } from '../components/group-stack-dialog';
import { HealthBandDialog } from '../components/health-band-dialog';
import { HealthLine } from '../components/health-line';
import { KeyHelp } from '../components/key-help';
import { LiveRegion } from '../components/live-region';
import { QueueCard } from '../components/queue-card';
import { QueueFilters } from '../components/queue-filters';
import { QueueSkeleton } from '../components/queue-skeleton';
import { QueueTabs } from '../components/queue-tabs';
import { SelectionBar } from '../components/selection-bar';
import { StackGroup } from '../components/stack-group';
import { queueKeyHandlers } from '../keyboard/queue-key-handlers';
import { useQueueKeys } from '../keyboard/use-queue-keys';
import { useArchive, useArchiveAll, useGroupIntoStack, useHideHealthLine, useQueue, useRestore } from '../queries/queue';
import { useSignOut } from '../queries/session';
import { groupCards } from '../queue/group-cards';
import { hostPromptOf, isPermissionCard } from '../queue/host-prompt';
import { lastKnown } from '../queue/last-known';
import { publishOpenCount, refreshOpenCount } from '../queue/open-count';
import { queueSearch, readQueueUrl } from '../queue/query';
import { changeQueueView, openQueueView, type QueueDialog } from '../queue/queue-view';
import { useVisibleRefresh } from '../queue/use-visible-refresh';
import { afterLeaving, placeOf, stepFrom, type Place } from '../queue/walk';
import { focusOnArrival, navigate } from '../routing/navigate';
import { duration } from '../time';

export function Decisions({ me }: { me: string | null }) {
  const { t } = useTranslation();
  const [view, change] = useReducer(changeQueueView, undefined, () => openQueueView(readQueueUrl()));
  const { tab, filters, id: selected, mode, shown, detailOpen, picked, dialog, message } = view;
  const { page, failed, refresh, loadingMore } = useQueue(tab, filters, shown);
  const restoring = useRestore();
  const archiving = useArchive();
  const archivingAll = useArchiveAll();
  const grouping = useGroupIntoStack();
  const hiding = useHideHealthLine();
  const signingOut = useSignOut();
  const known = failed ? lastKnown() : null;
  const step = mode === 'step';
  const filtered = Object.keys(filters).length > 0;
  const say = (words: string) => change({ type: 'say', message: words });
  const open = (which: QueueDialog | null) => change({ type: 'dialog', dialog: which });
  // FR-7: a new tab or filter starts the 30 s afresh, as its own read just happened.
  const filterKey = JSON.stringify(filters);
  useVisibleRefresh(useCallback(() => void refresh(), [refresh, tab, filterKey]));

  // The list's order is the grouped one, so j/k and the walker follow what is on screen.
  const groups = groupCards(page?.decisions ?? []);
  const ordered = groups.flatMap((group) => group.cards);
  // Open cards in no stack can be picked in list mode (a decision sits in one stack at a
  // time); what is picked is sent in the order it is shown.
  const canPick = (card: Card) => !step && tab === 'open' && card.status === 'open' && card.stackPlace === null;
  const chosen = ordered.filter((card) => picked.has(card.id) && canPick(card));
  const ids = ordered.map((card) => card.id);
  // S1: the first decision is selected, so it can be answered without a second click.
  const current = selected ?? ordered[0]?.id ?? null;
  // An answered or archived decision stays on screen in list mode; it keeps the place it left.
  const remembered = useRef<Place | null>(null);
  const place = placeOf(ids, current, remembered.current);
  useEffect(() => {
    remembered.current = place;
  });
  const index = place?.inList ? place.index : -1;
  const currentCard = index >= 0 ? ordered[index] : undefined;
  /** Where focus goes once a decision is drawn: its title, or its first open ask (Enter on a card). */
  const [arrival, setArrival] = useState<{ id: string; to: 'title' | 'ask' } | null>(null);
  // cast-decide: inside the queue a host's prompt is answered in step mode, on the session's own
  // pane — so an opened one takes the full width, with the way back to the list beside it.
  const promptView = !step && detailOpen && hostPromptOf(currentCard) !== null;
  const cardKind = isPermissionCard(currentCard) ? 'permission' : 'other';

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
  const detailPane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    detailPane.current?.scrollTo({ top: 0 });
  }, [current]);

  const focusCard = (id: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-card="${id}"]`)?.focus());

  /** `]` / `[`, j / k: from where the walker stands — after an answer, the decision that followed. */
  function move(by: 1 | -1) {
    const target = stepFrom(ids, place, by);
    if (!target) return;
    change({ type: 'select', id: target });
    focusCard(target);
  }

  /** A card chosen by click: a host's prompt opens at full width with focus on its title (not on y). */
  function openCard(card: Card) {
    change({ type: 'open', id: card.id });
    if (hostPromptOf(card)) setArrival({ id: card.id, to: 'title' });
  }

  /**
   * Something changed from the detail pane. List mode keeps the decision on screen, even once
   * it left the tab (answered, archived); step mode and an opened host prompt go on to the decision that followed it, whose
   * title takes focus — or, when none is left, the page's heading.
   */
  function changed({ left }: { left: boolean }) {
    // Pinned, so the first card's detail does not give way to the next first card as the list reads afresh.
    if (!left || !(step || promptView)) return change({ type: 'select', id: current });
    const after = afterLeaving(ids, current);
    change({ type: 'select', id: after });
    if (after) setArrival({ id: after, to: 'title' });
    else requestAnimationFrame(() => document.querySelector<HTMLElement>('main.queue h1')?.focus());
  }

  /** Esc, or Back: the list returns where the detail replaced it, and focus goes to the current card. */
  function backToList() {
    change({ type: 'detail', open: false });
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-card="${current}"]`)?.focus());
  }

  useQueueKeys(
    queueKeyHandlers({
      move,
      card: cardKind,
      current,
      openDetail: () => change({ type: 'detail', open: true }),
      // Enter on a card other than the selected one opens that card, with focus on its first ask.
      openCard: (id) => {
        change({ type: 'open', id });
        setArrival({ id, to: 'ask' });
      },
      backToList,
      openHelp: () => open('help'),
    }),
    cardKind,
  );

  async function archiveAll(since: string) {
    open(null);
    try {
      const result = await archivingAll.mutateAsync({ ...filters, since });
      const archived = t('archiveAll.result', { count: result.archived });
      say(result.alreadyAnswered > 0 ? `${archived} ${t('archiveAll.skipped', { count: result.alreadyAnswered })}` : archived);
    } catch (error) {
      say(problemMessage(error));
    }
    change({ type: 'select', id: null });
  }

  /** FR-43: Archive from the list. Focus goes to the card that followed it, as the button leaves with it. */
  async function archive(id: string) {
    try {
      await archiving.mutateAsync(id);
      say(t('queue.archivedOne'));
      const after = afterLeaving(ids, id);
      if (after) focusCard(after);
    } catch (error) {
      say(problemMessage(error));
    }
  }

  async function restore(id: string) {
    try {
      await restoring.mutateAsync(id);
      say(t('queue.restored'));
    } catch (error) {
      say(problemMessage(error));
    }
    if (selected === id) change({ type: 'select', id: null });
  }

  /** The filter in words for the Archive all dialog ("Agent = Editor"), or null for the whole queue. */
  function filterInWords(): string | null {
    const first = page?.decisions[0];
    const words = Object.entries(filters).map(([key, value]) => {
      const shown =
        key === 'agent' ? first?.agentName : key === 'task' ? first?.taskTitle : key === 'kind' ? t(`filters.kinds.${value}`) : null;
      if (key === 'q') return t('archiveAll.filterSearch', { value });
      return t('archiveAll.filterPart', { name: t(`filters.${key}`), value: shown ?? value });
    });
    return words.length ? words.join(', ') : null;
  }

  /** The new stack with the picked cards, then its page; a refusal is returned in the catalogue's words for its code. */
  async function groupIntoStack(title: string): Promise<string | null> {
    try {
      const stack = await grouping.mutateAsync({ title, decisions: chosen.map((card) => card.id) });
      navigate(`/decisions/stacks/${stack.id}`);
      return null;
    } catch (error) {
      // E.g. already_in_stack: a card joined a stack meanwhile; the refreshed list shows where.
      return problemMessage(error);
    }
  }

  function renderCard(card: Card) {
    return (
      <QueueCard
        key={card.id}
        card={card}
        current={card.id === current}
        me={me}
        pick={canPick(card) ? { checked: picked.has(card.id), onToggle: () => change({ type: 'pick', id: card.id }) } : undefined}
        onSelect={() => openCard(card)}
        onRestore={() => void restore(card.id)}
        onArchive={tab === 'open' ? () => void archive(card.id) : undefined}
      />
    );
  }

  /** "Hide for 30 days": the line goes, and focus moves to the page's heading rather than nowhere. */
  async function hideHealth() {
    try {
      await hiding.mutateAsync();
      say(t('health.hidden'));
    } catch (error) {
      say(problemMessage(error));
    }
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

  function bandSaved() {
    open(null);
    say(t('health.saved'));
  }

  async function signOut() {
    await signingOut.mutateAsync().catch((error: unknown) => say(problemMessage(error)));
  }

  const more = page ? Math.min(QUEUE_PAGE, page.counts.total - page.decisions.length) : 0;
  const arrive = arrival?.id === current ? arrival.to : null;
  return (
    <main className="queue" data-view={detailOpen && current ? 'detail' : 'list'}>
      <header className="queue-header">
        <div>
          <h1 ref={focusOnArrival} tabIndex={-1}>
            {t('queue.title')}
          </h1>
          <p className="subtitle">{t('queue.subtitle')}</p>
          {/* A filtered view's count is its own; the health line's is the workspace's. */}
          {page && (
            <p className="counts" data-testid="counts">
              {t(filtered ? 'queue.countsInView' : 'queue.counts', { open: page.counts.open, blocking: page.counts.blocking })}
            </p>
          )}
        </div>
        <div className="queue-tools">
          {tab === 'open' && page && page.counts.total > 0 && (
            <button type="button" className="small" data-action="archive-all" onClick={() => open('archive-all')}>
              {t('archiveAll.button')}
            </button>
          )}
          <button type="button" className="small" onClick={() => open('help')} aria-label={t('queue.keyboardHelp')}>
            {t('keys.label.help')}
          </button>
          <AppLink href="/analytics" className="header-link">
            {t('queue.analytics')}
          </AppLink>
          <button type="button" className="quiet small" onClick={() => void signOut()}>
            {t('signIn.signOut')}
          </button>
        </div>
      </header>
      <div className="queue-bar">
        <QueueTabs tab={tab} counts={page?.tabs ?? null} onChange={(name) => change({ type: 'tab', tab: name })} />
        <QueueFilters filters={filters} onChange={(next) => change({ type: 'filter', filters: next })} />
      </div>
      {/* Absent while loading and when there is none (FR-55); never shown to a workspace that has
          had no decision yet, whose "quiet" would be the over-guessing warning E12 rules out. */}
      {!failed && page?.health && page.history.decisions > 0 && (
        <HealthLine line={page.health} filtered={filtered} onAdjust={() => open('band')} onHide={() => void hideHealth()} />
      )}
      {failed && (
        <section role="alert">
          <h2>{t('queue.errorTitle')}</h2>
          <p>{t('queue.errorBody')}</p>
          <button type="button" onClick={() => void refresh()}>
            {t('queue.tryAgain')}
          </button>
          {known && <p className="help">{t('queue.lastKnown', { count: known.open, time: duration(t, known.at) })}</p>}
        </section>
      )}
      {!failed && !page && <QueueSkeleton />}
      {!failed && page && page.decisions.length === 0 && !current && (
        <EmptyQueue history={page.history} plain={tab !== 'open' || filtered} />
      )}
      {!failed && page && (page.decisions.length > 0 || current) && (
        <div className={step ? 'panes step' : promptView ? 'panes step prompt' : 'panes'} data-view={detailOpen ? 'detail' : 'list'}>
          <div className="list">
            {chosen.length > 0 && (
              <SelectionBar count={chosen.length} onGroup={() => open('group')} onClear={() => change({ type: 'unpick-all' })} />
            )}
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
                onClick={() => loadingMore || change({ type: 'more' })}
              >
                {t('queue.loadMore', { count: more })}
              </button>
            )}
          </div>
          {current && (
            <div className="detail-pane" ref={detailPane}>
              <button type="button" className="back" onClick={backToList}>
                {t('queue.back')}
              </button>
              <DecisionDetail
                key={current}
                id={current}
                position={place ? { index: place.index + 1, total: page.counts.total } : null}
                // List mode keeps the answered decision on screen (its outcome line); step mode,
                // and an opened host prompt, advance to the next one, and the outcome is announced.
                onChanged={changed}
                onNext={() => move(1)}
                announce={say}
                arrive={arrive}
                onArrived={() => setArrival(null)}
              />
            </div>
          )}
        </div>
      )}
      <LiveRegion message={message} />
      <KeyHelp open={dialog === 'help'} onClose={() => open(null)} />
      {dialog === 'archive-all' && page && (
        <ArchiveAllDialog
          count={page.counts.total}
          filter={filterInWords()}
          onConfirm={(since) => void archiveAll(since)}
          onClose={() => open(null)}
        />
      )}
      {adjustingBand && <HealthBandDialog onSaved={bandSaved} onClose={() => open(null)} />}
      {dialog === 'group' && <GroupStackDialog count={chosen.length} onCreate={groupIntoStack} onClose={() => open(null)} />}
    </main>
  );
}
