/**
 * Approvals that need more than one person (issue 41 items 3, 4): per action kind and per risk
 * flag, how many different people must approve, and whether the member whose own agent asked may
 * approve it. One row each, a table of number and checkbox; saved whole. Every role reads it;
 * changing it takes `settings.manage` (admins and owners).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RiskFlag } from '../../../../domain/approval';
import { MAX_APPROVERS } from '../../../../domain/approval-quorum';
import type { ApprovalRequirementSetting, ApprovalSettings } from '../../../../domain/approval-settings-schema';
import { ApprovalActionKind } from '../../../../domain/asks/approval-ask';
import { useMay } from '../../shared/session';
import { useAction } from '../../shared/use-action';
import { useApprovalSettings, useSaveApprovalSettings } from './approval-queries';

type Group = 'actions' | 'risks';

export function SettingsApprovals() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useApprovalSettings();
  const save = useSaveApprovalSettings();
  const mayChange = useMay('settings.manage');
  const [draft, setDraft] = useState<ApprovalSettings | null>(null);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  if (!settings.data) return null;
  const value = draft ?? settings.data;

  const change = (group: Group, key: string, patch: Partial<ApprovalRequirementSetting>) => {
    const rows = value[group] as Record<string, ApprovalRequirementSetting>;
    setDraft({ ...value, [group]: { ...rows, [key]: { ...rows[key]!, ...patch } } });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaid('');
    if (await act(() => save.mutateAsync(value))) {
      setDraft(null);
      setSaid(t('settings.approvals.saved'));
    }
  }

  const row = (group: Group, key: string, label: string) => {
    const setting = (value[group] as Record<string, ApprovalRequirementSetting>)[key]!;
    return (
      <tr key={`${group}-${key}`} data-testid={`approval-setting-${key}`}>
        <th scope="row" id={`${id}-${group}-${key}`}>
          {label}
        </th>
        <td>
          <input
            type="number"
            min={1}
            max={MAX_APPROVERS}
            step={1}
            inputMode="numeric"
            required
            disabled={!mayChange}
            value={setting.minimumApprovers}
            aria-labelledby={`${id}-${group}-${key} ${id}-minimum`}
            onChange={(event) => change(group, key, { minimumApprovers: Number(event.target.value) })}
          />
        </td>
        <td>
          <input
            type="checkbox"
            disabled={!mayChange}
            checked={setting.separationOfDuties}
            aria-labelledby={`${id}-${group}-${key} ${id}-separation`}
            onChange={(event) => change(group, key, { separationOfDuties: event.target.checked })}
          />
        </td>
      </tr>
    );
  };

  return (
    <section className="settings-section settings-approvals" aria-labelledby={`${id}-heading`} data-testid="approval-settings">
      <h2 id={`${id}-heading`}>{t('settings.approvals.heading')}</h2>
      <p className="help">{t('settings.approvals.intro')}</p>
      <form onSubmit={(event) => void submit(event)}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('settings.approvals.what')}</th>
              <th scope="col" id={`${id}-minimum`}>
                {t('settings.approvals.minimum')}
              </th>
              <th scope="col" id={`${id}-separation`}>
                {t('settings.approvals.separation')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ApprovalActionKind.map((kind) => row('actions', kind, t(`settings.approvals.actions.${kind}`)))}
            {RiskFlag.map((flag) => row('risks', flag, t('settings.approvals.risk', { risk: t(`risks.${flag}`) })))}
          </tbody>
        </table>
        <p className="help">{t('settings.approvals.separationHelp')}</p>
        {mayChange ? (
          <button type="submit" className="primary" disabled={save.isPending || draft === null}>
            {save.isPending ? t('settings.approvals.saving') : t('settings.approvals.save')}
          </button>
        ) : (
          <p className="help">{t('settings.approvals.readOnly')}</p>
        )}
      </form>
      {problem && <p role="alert">{problem}</p>}
      <p role="status" className="help">
        {said}
      </p>
    </section>
  );
}
