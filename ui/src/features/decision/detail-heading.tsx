/**
 * The top of the detail pane: where the walker stands (FR-8), what kind of host prompt it is,
 * and the question with its state.
 */
import { useTranslation } from 'react-i18next';
import type { DecisionRead } from '../../http/decisions';
import { hostPromptOf } from '../../shared/host-prompt';
import { focusOnArrival } from '../../routing/navigate';

/**
 * A decision that left the view (answered, archived) keeps the place it had, which the one that
 * followed now holds; past the end, `index` is null and the walker says what is left rather
 * than "20 / 19".
 */
export type Position = { index: number | null; total: number };

export function DetailHeading({
  decision,
  position,
  titleAs,
}: {
  decision: DecisionRead['decision'];
  position: Position | null;
  titleAs: 'h1' | 'h2';
}) {
  const { t } = useTranslation();
  const Title = titleAs;
  const prompt = hostPromptOf(decision);
  return (
    <>
      {position && (
        <p className="walker" data-testid="walker">
          {position.index !== null
            ? t('queue.walker', position)
            : position.total > 0
              ? t('queue.walkerLeft', { count: position.total })
              : t('queue.walkerNone')}
        </p>
      )}
      {prompt && <p className="label">{t(`prompt.${prompt.kind}`)}</p>}
      <Title id="detail-title" ref={titleAs === 'h1' ? focusOnArrival : undefined} tabIndex={-1}>
        {decision.question}
        {decision.status === 'resolved' && <span className="tag done">{t('queue.answered')}</span>}
        {decision.status === 'withdrawn' && <span className="tag withdrawn">{t('detail.withdrawn')}</span>}
        {decision.status === 'archived' && <span className="tag archived">{t('detail.archived')}</span>}
      </Title>
    </>
  );
}
