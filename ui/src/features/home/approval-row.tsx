/**
 * One pending approval on Home (§6.16): what the agent proposes, who proposed it, its risks,
 * and Approve / Reject through the approval's own endpoints — the same resolution as the queue
 * (FR-29, E2). A rejection asks for its reason first (FR-24).
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Approval } from '../../../../domain/approval';
import { useAction } from '../../shared/use-action';
import { useSettleApproval } from './home-queries';
import { age } from '../../shared/time';
import { ReasonField } from '../../shared/reason-field';
import { RiskChips } from '../../shared/risk-chips';

export function ApprovalRow({
  approval,
  agent,
  onSettled,
  onRefused,
}: {
  approval: Approval;
  agent: string | null;
  /** It was approved or rejected; the words say which. */
  onSettled: (message: string) => void;
  /** The server refused, in its own words (e.g. it was answered elsewhere a moment ago). */
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const settling = useSettleApproval(approval.id);
  const busy = settling.isPending;

  // The reason is what Reject asks for next: put the cursor there.
  useEffect(() => {
    if (rejecting) document.getElementById(`${id}-reason`)?.querySelector('textarea')?.focus();
  }, [rejecting, id]);

  const act = useAction(onRefused);

  async function decide(verdict: 'approve' | 'reject') {
    await act(async () => {
      await settling.mutateAsync(verdict === 'approve' ? { verdict } : { verdict, reason: reason.trim() });
      onSettled(t(verdict === 'approve' ? 'home.approved' : 'home.rejected', { summary: approval.summary }));
    });
  }

  const summaryId = `${id}-summary`;
  return (
    <li className="approval-row" data-testid="approval" data-approval={approval.id}>
      {/* Agent-written text: rendered as text, never markup. */}
      <p className="question" id={summaryId}>
        {approval.summary}
      </p>
      <p className="meta">
        {[t(`home.actionTypes.${approval.actionType}`), agent ?? t('home.noAgent'), age(t, approval.createdAt)].join(' · ')}
      </p>
      <RiskChips risks={approval.risks} />
      <div className="row-actions" role="group" aria-labelledby={summaryId} id={id}>
        {rejecting ? (
          <>
            <ReasonField required value={reason} onChange={setReason} describes={id} />
            <div className="buttons">
              <button type="button" className="primary danger" disabled={!reason.trim() || busy} onClick={() => void decide('reject')}>
                {t('ask.confirmRejection')}
              </button>
              <button type="button" className="quiet" onClick={() => setRejecting(false)}>
                {t('ask.cancel')}
              </button>
            </div>
          </>
        ) : (
          <div className="buttons">
            <button type="button" className="primary" data-answer="approve" disabled={busy} onClick={() => void decide('approve')}>
              {t('ask.approve')}
            </button>
            <button type="button" className="danger" data-answer="reject" disabled={busy} onClick={() => setRejecting(true)}>
              {t('ask.reject')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
