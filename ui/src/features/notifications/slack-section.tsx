/**
 * Slack on the notifications page (issue 40 item 4): the person links their Slack user by its
 * member ID; Cast sends that user a message with a Link button in Slack, and the press there
 * confirms it — so the section says which of the three states the link is in, and what to do next.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../shared/use-action';
import { useLinkSlack, useMySlack, useUnlinkSlack } from './slack-queries';

export function SlackSection() {
  const { t } = useTranslation();
  const id = useId();
  const mine = useMySlack();
  const link = useLinkSlack();
  const unlink = useUnlinkSlack();
  const [slackUserId, setSlackUserId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const act = useAction(setProblem);
  const current = mine.data?.link ?? null;

  async function send(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaid('');
    if (await act(() => link.mutateAsync(slackUserId.trim()))) {
      setSaid(t('notifications.slack.sent', { id: slackUserId.trim() }));
      setSlackUserId('');
    }
  }

  async function remove() {
    setProblem(null);
    setSaid('');
    if (await act(() => unlink.mutateAsync())) setSaid(t('notifications.slack.unlinked'));
  }

  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`} data-testid="slack-section">
      <h2 id={`${id}-heading`}>{t('notifications.slack.heading')}</h2>
      {mine.data && !mine.data.configured ? (
        <p className="help" data-testid="slack-off">
          {t('notifications.slack.off')}
        </p>
      ) : (
        <>
          <p data-testid="slack-state">
            {current === null
              ? t('notifications.slack.none')
              : current.status === 'pending'
                ? t('notifications.slack.pending', { id: current.slackUserId })
                : t('notifications.slack.linked', { id: current.slackUserId })}
          </p>
          <form onSubmit={(event) => void send(event)}>
            <div className="field">
              <label htmlFor={`${id}-user`}>{t('notifications.slack.label')}</label>
              <div className="field-row">
                <input
                  id={`${id}-user`}
                  value={slackUserId}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={`${id}-help`}
                  onChange={(event) => setSlackUserId(event.target.value)}
                />
                <button type="submit" className="primary" disabled={link.isPending || slackUserId.trim() === ''}>
                  {t('notifications.slack.send')}
                </button>
              </div>
              <p id={`${id}-help`} className="help">
                {t('notifications.slack.help')}
              </p>
            </div>
          </form>
          {current && (
            <button type="button" onClick={() => void remove()} disabled={unlink.isPending}>
              {t('notifications.slack.unlink')}
            </button>
          )}
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
      <p role="status" className="help">
        {said}
      </p>
    </section>
  );
}
