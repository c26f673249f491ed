import { useTranslation } from 'react-i18next';
import type { Quorum } from '../../../../../domain/approval-quorum-schema';

/** Who the card names for a member: "you", a teammate's name, or the id when the name is not known. */
function nameOf(by: string, members: Record<string, string>, me: string | null, you: string): string {
  return me !== null && by === me ? you : (members[by] ?? by);
}

/**
 * Issue 41 items 3, 4: an approval ask that needs several people says who approved so far and how
 * many it needs ("Approved by Dana — 1 of 2"), and, to the member whose own agent asked where the
 * workspace separates duties, that they cannot approve it — before they try.
 */
export function QuorumLine({ quorum, members, me }: { quorum: Quorum; members: Record<string, string>; me: string | null }) {
  const { t } = useTranslation();
  const names = quorum.approvals.map((approval) => nameOf(approval.by, members, me, t('ask.you')));
  return (
    <div className="quorum" data-testid="quorum" data-approvals={quorum.approvals.length} data-required={quorum.required}>
      {quorum.required > 1 && (
        <p data-testid="quorum-count">
          {names.length > 0
            ? t('quorum.approvedBy', { names: names.join(', '), count: names.length, required: quorum.required })
            : t('quorum.needs', { count: quorum.required })}
        </p>
      )}
    </div>
  );
}

/** Why this member's Approve is disabled on an ask that needs several people, or null when it is not. */
export function approveBlockedText(
  t: ReturnType<typeof useTranslation>['t'],
  quorum: Quorum | undefined,
  me: string | null,
): string | null {
  if (!quorum || me === null) return null;
  if (quorum.barred === me) return t('quorum.barred');
  if (quorum.approvals.some((approval) => approval.by === me))
    return t('quorum.youApproved', { count: Math.max(0, quorum.required - quorum.approvals.length) });
  return null;
}
