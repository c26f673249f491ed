import { useTranslation } from 'react-i18next';
import { age } from '../time';
import type { QueueCard as Card } from '../types';

/** One decision in the list: summary, agent · task · age, blocking chip, confidence, progress. */
export function QueueCard({ card, current, onSelect }: { card: Card; current: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <li data-testid="card" aria-current={current ? 'true' : undefined}>
      <button type="button" className="card" data-card={card.id} onClick={onSelect}>
        {/* Prompts are agent-written text: rendered as text, never markup. */}
        <span className="question">{card.question}</span>
        <span className="meta">{[card.agentName, card.taskTitle, age(t, card.createdAt)].filter(Boolean).join(' · ')}</span>
        {card.blocking && <span className="chip">{t('queue.blocking')}</span>}
        <span>{card.confidence === null ? t('queue.notScored') : t('queue.sure', { percent: Math.round(card.confidence * 100) })}</span>
        <span>{t('queue.progress', card.progress)}</span>
      </button>
    </li>
  );
}
