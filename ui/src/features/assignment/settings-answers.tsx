/**
 * Settings' "Who may answer" (issue 41 item 2): anyone in the workspace, or the assignee, their
 * team and admins. Everyone reads it; `settings.manage` (an admin or owner) changes it.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerPolicy } from '../../../../domain/assignment';
import { problemMessage } from '../../http/problem-message';
import { useMay } from '../../shared/session';
import { useAnswerSettings, useChangeAnswerSettings } from './assignment-queries';

export function SettingsAnswers() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useAnswerSettings();
  const change = useChangeAnswerSettings();
  const mayChange = useMay('settings.manage');
  const policy = settings.data?.whoMayAnswer;
  return (
    <section aria-labelledby={`${id}-title`} className="settings-section" data-testid="who-may-answer">
      <h2 id={`${id}-title`}>{t('assignment.whoMayAnswer')}</h2>
      <p className="help" id={`${id}-help`}>
        {t('assignment.whoMayAnswerHelp')}
      </p>
      {policy && (
        <select
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-help`}
          value={policy}
          disabled={!mayChange || change.isPending}
          onChange={(e) => change.mutate(AnswerPolicy.find((one) => one === e.target.value) ?? 'anyone')}
        >
          {AnswerPolicy.map((one) => (
            <option key={one} value={one}>
              {t(`assignment.policy.${one}`)}
            </option>
          ))}
        </select>
      )}
      <p role="status" data-testid="who-may-answer-status">
        {change.isSuccess ? t('assignment.saved', { policy: t(`assignment.policy.${change.data.whoMayAnswer}`) }) : ''}
      </p>
      {change.error && <p role="alert">{problemMessage(change.error)}</p>}
    </section>
  );
}
