/**
 * "Answers itself “Monthly” at 17:00 unless you answer." (issue 40 item 8): what an open decision
 * does by itself, and when, in the member's time zone — on its queue card and on its page.
 */
import { useTranslation } from 'react-i18next';
import type { DecisionView } from '../../../domain/decision';
import { selfAnswer } from '../../../domain/reminders';
import { clockTime } from './time';
import { useTimeZone } from './time-zone-provider';

export function SelfAnswerLine({ decision, as: Tag = 'p' }: { decision: DecisionView; as?: 'p' | 'span' }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const pending = selfAnswer(decision);
  if (!pending) return null;
  const time = clockTime(pending.at, i18n.language, zone);
  return (
    <Tag className="self-answer" data-testid="self-answer">
      <time dateTime={pending.at}>
        {pending.answersWith === null ? t('reach.expires', { time }) : t('reach.answersItself', { option: pending.answersWith, time })}
      </time>
    </Tag>
  );
}
