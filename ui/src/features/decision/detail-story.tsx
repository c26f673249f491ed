/**
 * What led here: a host prompt's session (what it last said, its pinned state) or the agent's
 * context, its report, what it tried, and whether it keeps asking this.
 */
import { useTranslation } from 'react-i18next';
import type { DecisionRead } from '../../http/decisions';
import { hostPromptOf } from '../../shared/host-prompt';
import { DecisionReport } from './decision-report';
import { RecurringNote } from './recurring-note';
import { SessionSaid } from './session-said';

export function DetailStory({ data, embedDocuments }: { data: DecisionRead; embedDocuments: boolean }) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const prompt = hostPromptOf(decision);
  return (
    <>
      {prompt && <SessionSaid prompt={prompt} />}
      {/* A permission prompt's context is the tool input the host summarised: its ACTION line shows it. */}
      {decision.context && prompt?.kind !== 'permission' && (
        <>
          <h3>{t('queue.contextHeading')}</h3>
          <p className="context">{decision.context}</p>
        </>
      )}
      {embedDocuments && <DecisionReport decision={decision} />}
      {decision.attempts.length > 0 && (
        <>
          <h3>{t('queue.attemptsHeading')}</h3>
          <ul>
            {decision.attempts.map((attempt, index) => (
              <li key={index}>{attempt}</li>
            ))}
          </ul>
        </>
      )}
      {detail.recurring && <RecurringNote decisionId={decision.id} recurring={detail.recurring} />}
    </>
  );
}
