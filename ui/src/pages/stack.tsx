/**
 * `/decisions/stacks/ds-N` (cast-decide "Decision stacks"): the stack's checklist in order,
 * its policy with a form to change it, moving and removing members, and the one control that
 * answers every advisory member with its default. Another workspace's stack reads "Not found."
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StackView } from '../../../domain/stack';
import type { StackPolicyBody } from '../../../domain/stack-schema';
import { LiveRegion } from '../components/live-region';
import { StackChecklist, type MemberAction } from '../components/stack-checklist';
import { StackPolicyForm } from '../components/stack-policy-form';
import { api, ApiError } from '../http-client';
import { formatDuration } from '../../../domain/duration';
import type { DecisionView } from '../types';
import { PageFrame, When, type Loaded } from './page-frame';

type StackRead = { stack: StackView; decisions: DecisionView[] };
type Applied = { answered: string[]; skipped: string[] };
/** Where focus goes once the fresh page is drawn: the control, or the fallback if it is disabled. */
type Refocus = { selector: string; fallback: string };

const words = (error: unknown) => (error instanceof ApiError ? error.problem.detail : String(error));

export function StackPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<StackRead>>({ state: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After a move, focus stays on the moved member's control; after a removal, on the checklist.
  const refocus = useRef<Refocus | null>(null);
  const path = `/api/v1/stacks/${encodeURIComponent(id)}`;

  const read = useCallback(() => api<StackRead>(path), [path]);
  useEffect(() => {
    read().then(
      (value) => setLoaded({ state: 'ready', value }),
      (error: unknown) => setLoaded({ state: error instanceof ApiError && error.problem.status === 404 ? 'missing' : 'failed' }),
    );
  }, [read]);
  useEffect(() => {
    if (!refocus.current) return;
    const { selector, fallback } = refocus.current;
    const target = document.querySelector<HTMLButtonElement>(selector);
    (target && !target.disabled ? target : document.querySelector<HTMLElement>(fallback))?.focus();
    refocus.current = null;
  });

  /** One change, then the page read afresh; the outcome is told in the live region either way. */
  async function act<T>(request: () => Promise<T>, told: (result: T) => string, focus?: Refocus) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    let outcome: string;
    let done = false;
    try {
      outcome = told(await request());
      done = true;
    } catch (error) {
      outcome = words(error);
      setProblem(outcome);
    }
    try {
      const fresh = await read();
      // Focus moves once the fresh checklist is drawn, not while React is still moving rows.
      if (done && focus) refocus.current = focus;
      setLoaded({ state: 'ready', value: fresh });
    } catch (error) {
      setProblem(words(error));
    }
    setMessage(outcome);
    setBusy(false);
  }

  if (loaded.state !== 'ready') return <PageFrame title={t('stack.title')} loaded={loaded.state} />;
  const { stack, decisions } = loaded.value;
  const open = stack.status === 'open';
  const question = (decisionId: string) => decisions.find((decision) => decision.id === decisionId)?.question ?? decisionId;

  function savePolicy(change: StackPolicyBody | null) {
    if (!change) return setMessage(t('stack.unchanged'));
    void act(() => api(`${path}/policy`, { method: 'PATCH', body: JSON.stringify(change) }), () => t('stack.saved'));
  }

  function onMember(decisionId: string, action: MemberAction) {
    if (action === 'remove') {
      void act(
        () => api(`${path}/members/${encodeURIComponent(decisionId)}`, { method: 'DELETE' }),
        () => t('stack.removed', { question: question(decisionId) }),
        { selector: '#stack-checklist', fallback: '#stack-checklist' },
      );
      return;
    }
    const order = stack.members.map((member) => member.decisionId);
    const from = order.indexOf(decisionId);
    const to = action === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to]!, order[from]!];
    const member = `[data-member="${decisionId}"]`;
    void act(
      () => api(`${path}/order`, { method: 'PUT', body: JSON.stringify({ order }) }),
      () => t('stack.moved', { question: question(decisionId), position: to + 1, total: order.length }),
      { selector: `${member} [data-action="${action}"]`, fallback: `${member} [data-action="${action === 'up' ? 'down' : 'up'}"]` },
    );
  }

  function applyDefaults() {
    void act(
      () => api<Applied>(`${path}/apply-defaults`, { method: 'POST' }),
      ({ answered, skipped }) => {
        if (answered.length === 0 && skipped.length === 0) return t('stack.appliedNone');
        const done = t('stack.applied', { count: answered.length });
        return skipped.length > 0 ? `${done} ${t('stack.appliedSkipped', { count: skipped.length })}` : done;
      },
    );
  }

  return (
    <PageFrame title={stack.title} loaded="ready">
      {problem && <p role="alert">{problem}</p>}
      <section aria-labelledby="stack-facts">
        <h2 id="stack-facts" className="visually-hidden">{t('stack.facts')}</h2>
        <dl className="facts">
          <dt>{t('stack.id')}</dt>
          <dd>{stack.id}</dd>
          <dt>{t('stack.status')}</dt>
          <dd data-testid="stack-status">{t(`stack.statuses.${stack.status}`)}</dd>
          <dt>{t('stack.dueFact')}</dt>
          <dd data-testid="stack-due">
            {stack.dueAt ? <When at={stack.dueAt} /> : t('stack.noDue')}
            {stack.overdue && <span className="chip">{t('stack.overdue')}</span>}
          </dd>
          <dt>{t('stack.autoDefault')}</dt>
          <dd data-testid="stack-auto-default">
            {stack.autoDefaultMs === null ? t('stack.autoDefaultOff') : t('stack.autoDefaultAfter', { duration: formatDuration(stack.autoDefaultMs) })}
          </dd>
          <dt>{t('stack.created')}</dt>
          <dd><When at={stack.createdAt} /></dd>
        </dl>
      </section>
      <section aria-labelledby="stack-checklist">
        <h2 id="stack-checklist" tabIndex={-1}>{t('stack.checklist')}</h2>
        {stack.members.length === 0 ? <p>{t('stack.empty')}</p> : <StackChecklist stack={stack} decisions={decisions} onAct={onMember} />}
        {open && stack.members.length > 0 && (
          <div className="apply-defaults">
            <button type="button" data-action="apply-defaults" aria-busy={busy ? 'true' : undefined} onClick={applyDefaults} aria-describedby="apply-defaults-help">
              {t('stack.applyDefaults')}
            </button>
            <p id="apply-defaults-help" className="help">{t('stack.applyDefaultsHelp')}</p>
          </div>
        )}
      </section>
      {open ? (
        <StackPolicyForm key={`${stack.dueAt}|${stack.autoDefaultMs}`} stack={stack} onSave={savePolicy} />
      ) : (
        <p className="help">{t('stack.closed')}</p>
      )}
      <LiveRegion message={message} />
    </PageFrame>
  );
}
