/**
 * Where the person stands in the queue and how they move (FR-8, §6.17): the selected decision,
 * its place among the cards on screen, `]` / `[` and j / k from there, opening a card, going
 * back to the list, and where focus lands once a decision is drawn.
 *
 * A decision answered or archived keeps the pane and its place: every kind, a host's prompt
 * included, stays on screen with Next until the person moves on — except in step mode, which
 * goes on by itself (cast-decide "The step mode … advances when you answer").
 */
import { useEffect, useRef, useState } from 'react';
import type { QueueCard } from '../../../../domain/queue';
import { afterLeaving, placeOf, stepFrom, type Place } from './walk';
import type { QueueViewChange } from './queue-view';

/** Where focus goes once a decision is drawn: its title, or its first open ask (Enter on its card). */
export type Arrival = 'title' | 'ask';

const focusLater = (find: () => HTMLElement | null | undefined) => requestAnimationFrame(() => find()?.focus());
const cardButton = (id: string) => document.querySelector<HTMLElement>(`[data-card="${CSS.escape(id)}"]`);
const heading = () => document.querySelector<HTMLElement>('main.queue h1');

export function useQueueWalk({
  cards,
  selected,
  step,
  change,
}: {
  /** The cards in on-screen order. */
  cards: QueueCard[];
  selected: string | null;
  step: boolean;
  change: (change: QueueViewChange) => void;
}) {
  const ids = cards.map((card) => card.id);
  // S1: the first decision is selected, so it can be answered without a second click. Once
  // shown it stays while it is listed, so a decision filed above it, or a read that reorders the
  // list, never swaps the pane from under a key meant for it (issue 38 item 7).
  const firstShown = useRef<string | null>(null);
  const current = selected ?? (firstShown.current && ids.includes(firstShown.current) ? firstShown.current : (ids[0] ?? null));
  useEffect(() => {
    firstShown.current = selected === null ? current : null;
  });
  // An answered or archived decision stays on screen in list mode; it keeps the place it left.
  const remembered = useRef<Place | null>(null);
  const place = placeOf(ids, current, remembered.current);
  useEffect(() => {
    remembered.current = place;
  });
  const card = place?.inList ? cards[place.index] : undefined;
  const [arrival, setArrival] = useState<{ id: string; to: Arrival } | null>(null);

  /**
   * `]` / `[`, j / k, Previous and Next: from where the walker stands among the cards on screen —
   * after an answer, the decision that followed it there. False at either end.
   */
  function move(by: 1 | -1): boolean {
    const target = stepFrom(ids, place, by);
    if (!target) return false;
    change({ type: 'select', id: target });
    focusLater(() => cardButton(target));
    return true;
  }

  /** A card chosen: shown, with focus on its title (a click) or its first open ask (Enter). */
  function open(id: string, to: Arrival | null) {
    change({ type: 'open', id });
    if (to) setArrival({ id, to });
  }

  /**
   * Something changed from the detail pane. The decision stays on screen, pinned, so the first
   * card's detail does not give way to the next first card as the list reads afresh; step mode
   * goes on to the decision that followed, whose title takes focus — or, with none left, the
   * page's heading.
   */
  function changed({ left }: { left: boolean }) {
    if (!left || !step) return change({ type: 'select', id: current });
    const after = afterLeaving(ids, current);
    change({ type: 'select', id: after });
    if (after) setArrival({ id: after, to: 'title' });
    else focusLater(heading);
  }

  /**
   * Esc, or Back: the list returns where the detail replaced it, and focus goes to the current
   * card — or, when it has left the tab (answered, archived), to the one that took its place.
   */
  function backToList() {
    change({ type: 'detail', open: false });
    const inPlace = current && !place?.inList ? (stepFrom(ids, place, 1) ?? stepFrom(ids, place, -1)) : current;
    focusLater(() => (inPlace ? cardButton(inPlace) : null) ?? heading());
  }

  const canPrevious = place !== null && stepFrom(ids, place, -1) !== null;
  const canNext = place !== null && stepFrom(ids, place, 1) !== null;

  return {
    current,
    place,
    /** Whether Previous and Next have somewhere to go among the cards loaded. */
    can: { previous: canPrevious, next: canNext },
    /** The selected decision's card, while it is in the list. */
    card,
    /** Where focus goes once the current decision is drawn, if anywhere. */
    arrive: arrival?.id === current ? arrival.to : null,
    arrived: () => setArrival(null),
    move,
    open,
    changed,
    backToList,
    /** After the decision `id` left the list from its card: focus the card that followed it. */
    focusAfter: (id: string) => {
      const after = afterLeaving(ids, id);
      if (after) focusLater(() => cardButton(after));
    },
  };
}
