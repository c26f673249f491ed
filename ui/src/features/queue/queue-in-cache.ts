/**
 * A change's reply written into the queue pages the cache holds, as the server would now list
 * them, instead of reading the queue again (issue 39 item 14): a card that still belongs to its
 * tab takes the decision's new state in place; one that left it (an answer that resolved it)
 * leaves the page; the page's counts and its tabs' counts follow. A page that does not hold the
 * decision cannot tell whether its filter matches it, so it reads afresh (when on screen).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { DecisionView } from '../../../../domain/decision-view-schema';
import { TAB_STATUSES, type QueuePage, type QueueTab } from '../../../../domain/queue';
import { keys } from '../../shared/query-keys';

type Counted = Pick<QueuePage, 'decisions' | 'counts' | 'tabs'>;

/** 1 when a decision of `status` counts in `tab`, else 0. */
const inTab = (tab: QueueTab, status: DecisionView['status']) => (TAB_STATUSES[tab].includes(status) ? 1 : 0);

/** The page with the decision's new state, or null when the page does not hold it. */
export function withDecision<P extends Counted>(page: P, tab: QueueTab, decision: DecisionView): P | null {
  const card = page.decisions.find((shown) => shown.id === decision.id);
  if (!card) return null;
  // The page already shows this state or a later one (a read that overtook the reply).
  if (card.revision >= decision.revision) return page;
  const from = card.status;
  const to = decision.status;
  const open = (to === 'open' ? 1 : 0) - (from === 'open' ? 1 : 0);
  const blocking = (to === 'open' && decision.mode === 'blocking' ? 1 : 0) - (from === 'open' && card.mode === 'blocking' ? 1 : 0);
  const stays = inTab(tab, to) === 1;
  return {
    ...page,
    decisions: stays
      ? page.decisions.map((shown) => (shown === card ? { ...card, ...decision } : shown))
      : page.decisions.filter((shown) => shown !== card),
    counts: {
      open: page.counts.open + open,
      blocking: page.counts.blocking + blocking,
      total: page.counts.total + inTab(tab, to) - inTab(tab, from),
    },
    tabs: {
      open: page.tabs.open + open,
      answered: page.tabs.answered + inTab('answered', to) - inTab('answered', from),
      archived: page.tabs.archived + inTab('archived', to) - inTab('archived', from),
    },
  };
}

/** Every cached queue page takes the decision's new state; one that cannot reads afresh. */
export function keepInQueue(client: QueryClient, decision: DecisionView): void {
  for (const [key, page] of client.getQueriesData<QueuePage>({ queryKey: keys.queue })) {
    // keys.queueTab: ['queue', tab, filters, shown].
    const tab = key[1] as QueueTab;
    const next = page ? withDecision(page, tab, decision) : null;
    if (next) client.setQueryData(key, next);
    else void client.invalidateQueries({ queryKey: key, exact: true });
  }
}
