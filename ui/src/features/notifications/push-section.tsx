/**
 * The notifications page's browser section (issue 40 item 2): turns this browser's
 * notifications on from a press (the only moment Cast asks for the permission) and off again,
 * and says plainly what this browser will do.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushState, turnOff, turnOn, type PushState } from './push-client';

function statusKey(state: PushState): string {
  if (state.permission === 'unsupported') return 'notifications.push.unsupported';
  if (state.permission === 'denied') return 'notifications.push.denied';
  if (state.permission === 'default') return 'notifications.push.off';
  if (state.push === 'on') return 'notifications.push.on';
  if (state.push === 'unavailable') return 'notifications.push.tabOnly';
  return 'notifications.push.grantedOnly';
}

export function PushSection() {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void pushState().then((read) => current && setState(read));
    return () => void (current = false);
  }, []);

  async function run(change: () => Promise<PushState>) {
    setBusy(true);
    setProblem(null);
    try {
      setState(await change());
    } catch {
      setProblem(t('notifications.push.failed'));
    } finally {
      setBusy(false);
    }
  }

  const on = state?.permission === 'granted' && state.push === 'on';
  // Offered until the browser said yes and subscribed, or said it cannot: pressing again would change nothing.
  const offerOn = state?.permission === 'default' || (state?.permission === 'granted' && state.push === 'off');
  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`} data-testid="push-section">
      <h2 id={`${id}-heading`}>{t('notifications.push.heading')}</h2>
      <p className="help">{t('notifications.push.help')}</p>
      {state && (
        <p role="status" data-testid="push-status">
          {t(statusKey(state))}
        </p>
      )}
      <div className="field-row">
        {offerOn && (
          <button type="button" className="primary" disabled={busy} onClick={() => void run(turnOn)} data-testid="push-on">
            {t('notifications.push.turnOn')}
          </button>
        )}
        {on && (
          <button type="button" disabled={busy} onClick={() => void run(turnOff)} data-testid="push-off">
            {t('notifications.push.turnOff')}
          </button>
        )}
      </div>
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
