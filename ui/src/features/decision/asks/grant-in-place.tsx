/**
 * An access ask that names a tool Cast checks (issue 39 item 5): a person who may change the
 * agent's tool grants (agent.manage) grants it here — "Grant <tool> to <agent>" adds an allow
 * for that tool, then answers the ask, which Cast verifies against the grants. A person who may
 * not is told who can, by name. Where a deny still blocks the tool after the grant, nothing is
 * answered and the person is sent to Settings' tool grants to remove it.
 */
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holds } from '../../../../../domain/permissions';
import { evaluateToolAccess, matchesToolPattern } from '../../../../../domain/tool-grant';
import { useFreshGrants, useGrantChanges } from '../../agents/grants-queries';
import { useMembers } from '../../settings/people-queries';
import { useMay } from '../../../shared/session';
import { AppLink } from '../../../shared/app-link';
import { useAction } from '../../../shared/use-action';

export type GrantTarget = { tool: string; agent: { id: string; name: string } };

export const GrantInPlace = forwardRef<HTMLButtonElement, { target: GrantTarget; onGranted: () => void; describedBy: string }>(
  function GrantInPlace({ target, onGranted, describedBy }, button) {
    const mayGrant = useMay('agent.manage');
    if (!mayGrant) return <WhoGrants target={target} />;
    return <GrantButton ref={button} target={target} onGranted={onGranted} describedBy={describedBy} />;
  },
);

const GrantButton = forwardRef<HTMLButtonElement, { target: GrantTarget; onGranted: () => void; describedBy: string }>(function GrantButton(
  { target, onGranted, describedBy },
  button,
) {
  const { t } = useTranslation();
  const { tool, agent } = target;
  const changes = useGrantChanges(agent.id);
  const freshGrants = useFreshGrants();
  const [problem, setProblem] = useState<{ message: string; blockedBy?: string } | null>(null);
  const act = useAction((message) => setProblem({ message }));

  async function grant() {
    setProblem(null);
    await act(async () => {
      await changes.add.mutateAsync({ toolPattern: tool, effect: 'allow' });
      // A deny beats any allow: say which one still blocks it rather than send an answer Cast refuses.
      const grants = await freshGrants(agent.id);
      if (evaluateToolAccess(tool, grants) === 'allowed') return onGranted();
      const deny = grants.find((g) => g.effect === 'deny' && matchesToolPattern(tool, g.toolPattern));
      setProblem({ message: t('ask.grantStillDenied', { tool, pattern: deny?.toolPattern ?? tool }), blockedBy: deny?.toolPattern });
    });
  }

  return (
    <div className="grant-in-place">
      <button
        ref={button}
        type="button"
        className="primary"
        data-testid="grant-in-place"
        aria-describedby={describedBy}
        disabled={changes.add.isPending}
        onClick={() => void grant()}
      >
        {t('ask.grantTool', { tool, agent: agent.name })}
      </button>
      {problem && (
        <p role="alert" data-testid="grant-problem">
          {problem.message} {problem.blockedBy && <AppLink href="/settings#grants">{t('ask.grantsSettings')}</AppLink>}
        </p>
      )}
    </div>
  );
});

/** Said to a person who may answer but not change grants: who in the workspace can. */
function WhoGrants({ target }: { target: GrantTarget }) {
  const { t, i18n } = useTranslation();
  const members = useMembers();
  const names = (members.data ?? []).filter((m) => !m.removedAt && holds(m.role, 'agent.manage')).map((m) => m.name);
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(names);
  return (
    <p className="help" data-testid="grant-who">
      {names.length > 0
        ? t('ask.grantWho', { tool: target.tool, agent: target.agent.name, names: list })
        : t('ask.grantWhoUnknown', { tool: target.tool, agent: target.agent.name })}
    </p>
  );
}
