/**
 * `/decisions/stacks/ds-N` (cast-decide "Decision stacks"): the stack's checklist in order,
 * its policy with a form to change it, moving and removing members, and the one control that
 * answers every advisory member with its default. Another workspace's stack reads "Not found."
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../../domain/duration';
import type { StackPolicyBody } from '../../../../domain/stack-schema';
import { useAction } from '../../shared/use-action';
import { problemMessage } from '../../http/problem-message';
import { LiveRegion } from '../../shared/live-region';
import { StackChecklist, type MemberAction } from './stack-checklist';
import { StackPolicyForm } from './stack-policy-form';
import { pageStateOf } from '../../shared/page-state';
import { useApplyStackDefaults, useStack, useStackChange } from './stack-queries';
import { PageFrame, When } from '../../shared/page-frame';

/** Where focus goes once the fresh page is drawn: the control, or the fallback if it is disabled. */
type Refocus = { selector: string; fallback: string };

export function StackPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const read = useStack(id);
  const changing = useStackChange(id);
  const applying = useApplyStackDefaults(id);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal shows under the form and is said in the live region.
  const refused = useAction((message) => {
    setProblem(message);
    setMessage(message);
  });
  const busy = changing.isPending || applying.isPending;
  // After a move, focus stays on the moved member's control; after a removal, on the checklist.
  const refocus = useRef<Refocus | null>(null);

  useEffect(() => {
    if (!refocus.current) return;
    const { selector, fallback } = refocus.current;
    const target = document.querySelector<HTMLButtonElement>(selector);
    (target && !target.disabled ? target : document.querySelector<HTMLElement>(fallback))?.focus();
    refocus.current = null;
  });

  /** One change, settled once the page is read afresh; the outcome is told in the live region either way. */
  async function act<T>(change: () => Promise<T>, told: (result: T) => string, focus?: Refocus) {
    if (busy) return;
    setProblem(null);
    await refused(async () => {
      setMessage(told(await change()));
      // Focus moves once the fresh checklist is drawn, not while React is still moving rows.
      if (focus) refocus.current = focus;
    });
  }

  if (!read.data) return <PageFrame title={t('stack.title')} loaded={pageStateOf(read)} />;
  const { stack, decisions } = read.data;
  // A read after a change that fails leaves the page as it was, and says why.
  const shownProblem = problem ?? (read.isError ? problemMessage(read.error) : null);
  const open = stack.status === 'open';
  const question = (decisionId: string) => decisions.find((decision) => decision.id === decisionId)?.question ?? t('stack.unknownMember');

  function savePolicy(policy: StackPolicyBody | null) {
    if (!policy) return setMessage(t('stack.unchanged'));
    void act(
      () => changing.mutateAsync({ kind: 'policy', policy }),
      () => t('stack.saved'),
    );
  }

  function onMember(decisionId: string, action: MemberAction) {
    if (action === 'remove') {
      void act(
        () => changing.mutateAsync({ kind: 'remove', decision: decisionId }),
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
      () => changing.mutateAsync({ kind: 'reorder', order }),
      () => t('stack.moved', { question: question(decisionId), position: to + 1, total: order.length }),
      { selector: `${member} [data-action="${action}"]`, fallback: `${member} [data-action="${action === 'up' ? 'down' : 'up'}"]` },
    );
  }

  function applyDefaults() {
    void act(
      () => applying.mutateAsync(),
      ({ answered, skipped }) => {
        if (answered.length === 0 && skipped.length === 0) return t('stack.appliedNone');
        const done = t('stack.applied', { count: answered.length });
        return skipped.length > 0 ? `${done} ${t('stack.appliedSkipped', { count: skipped.length })}` : done;
      },
    );
  }

  return (
    <PageFrame title={stack.title} loaded="ready">
      {/* The stack reads as its title; its `ds-N` is the address and this tooltip, not text. */}
      <p className="label" title={stack.id}>
        {t('stack.label')}
      </p>
      {shownProblem && <p role="alert">{shownProblem}</p>}
      <section aria-labelledby="stack-facts">
        <h2 id="stack-facts" className="visually-hidden">
          {t('stack.facts')}
        </h2>
        <dl className="facts">
          <dt>{t('stack.status')}</dt>
          <dd data-testid="stack-status">{t(`stack.statuses.${stack.status}`)}</dd>
          <dt>{t('stack.dueFact')}</dt>
          <dd data-testid="stack-due">
            {stack.dueAt ? <When at={stack.dueAt} /> : t('stack.noDue')}
            {stack.overdue && <span className="chip">{t('stack.overdue')}</span>}
          </dd>
          <dt>{t('stack.autoDefault')}</dt>
          <dd data-testid="stack-auto-default">
            {stack.autoDefaultMs === null
              ? t('stack.autoDefaultOff')
              : t('stack.autoDefaultAfter', { duration: formatDuration(stack.autoDefaultMs) })}
          </dd>
          <dt>{t('stack.created')}</dt>
          <dd>
            <When at={stack.createdAt} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="stack-checklist">
        <h2 id="stack-checklist" tabIndex={-1}>
          {t('stack.checklist')}
        </h2>
        {stack.members.length === 0 ? <p>{t('stack.empty')}</p> : <StackChecklist stack={stack} decisions={decisions} onAct={onMember} />}
        {open && stack.members.length > 0 && (
          <div className="apply-defaults">
            <button
              type="button"
              data-action="apply-defaults"
              aria-busy={busy ? 'true' : undefined}
              onClick={applyDefaults}
              aria-describedby="apply-defaults-help"
            >
              {t('stack.applyDefaults')}
            </button>
            <p id="apply-defaults-help" className="help">
              {t('stack.applyDefaultsHelp')}
            </p>
          </div>
        )}
      </section>
      {open ? (
        <StackPolicyForm
          key={`${stack.dueAt}|${stack.autoDefaultMs}`}
          stack={stack}
          decisions={decisions}
          onSave={savePolicy}
          onKept={() => setMessage(t('stack.answerNowKept'))}
        />
      ) : (
        <p className="help">{t('stack.closed')}</p>
      )}
      <LiveRegion message={message} />
    </PageFrame>
  );
}
