/**
 * Settings' Teams (issue 41 item 1): each team with its members by name. With `team.manage`
 * (an admin or owner) a person creates a team, adds a member from a list of the workspace's
 * people and removes one; everyone else reads them.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../domain/people';
import type { Team } from '../../../../domain/teams';
import { useAction } from '../../shared/use-action';
import { useMay } from '../../shared/session';
import { useAddTeamMember, useCreateTeam, useRemoveTeamMember, useTeams } from './teams-queries';

export function SettingsTeams({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const teams = useTeams();
  const mayManage = useMay('team.manage');
  const [problem, setProblem] = useState<string | null>(null);
  const names = new Map(members.map((member) => [member.id, member.name]));
  return (
    <section aria-labelledby="teams-title" className="settings-section" data-testid="teams">
      <h2 id="teams-title">{t('teams.heading')}</h2>
      <p className="help">{t('teams.about')}</p>
      {teams.isError && <p role="alert">{t('teams.failed')}</p>}
      {problem && <p role="alert">{problem}</p>}
      {teams.data && teams.data.length === 0 && <p>{t('teams.none')}</p>}
      {teams.data && teams.data.length > 0 && (
        <ul className="team-list" aria-label={t('teams.heading')}>
          {teams.data.map((team) => (
            <TeamItem key={team.id} team={team} names={names} members={members} mayManage={mayManage} onProblem={setProblem} />
          ))}
        </ul>
      )}
      {mayManage && <CreateTeam onProblem={setProblem} />}
    </section>
  );
}

function TeamItem(props: {
  team: Team;
  names: Map<string, string>;
  members: Member[];
  mayManage: boolean;
  onProblem: (message: string | null) => void;
}) {
  const { team, names, members, mayManage, onProblem } = props;
  const { t } = useTranslation();
  const id = useId();
  const adding = useAddTeamMember();
  const removing = useRemoveTeamMember();
  const act = useAction(onProblem);
  const [chosen, setChosen] = useState('');
  const outside = members.filter((member) => !member.removedAt && !team.members.includes(member.id));

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!chosen || adding.isPending) return;
    onProblem(null);
    await act(async () => {
      await adding.mutateAsync({ team: team.id, member: chosen });
      setChosen('');
    });
  }

  return (
    <li data-testid={`team-${team.name}`}>
      <h3 id={`${id}-name`}>{team.name}</h3>
      {team.members.length === 0 ? (
        <p className="help">{t('teams.empty')}</p>
      ) : (
        <ul aria-labelledby={`${id}-name`}>
          {team.members.map((memberId) => {
            const name = names.get(memberId) ?? t('teams.formerMember');
            return (
              <li key={memberId}>
                {name}
                {mayManage && (
                  <>
                    {' '}
                    <button
                      type="button"
                      disabled={removing.isPending}
                      aria-label={t('teams.removeNamed', { member: name, team: team.name })}
                      onClick={() => void act(() => removing.mutateAsync({ team: team.id, member: memberId }).then(() => undefined))}
                    >
                      {t('teams.remove')}
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mayManage && outside.length > 0 && (
        <form className="field-row" onSubmit={(event) => void add(event)}>
          <label htmlFor={`${id}-add`}>{t('teams.addLabel', { team: team.name })}</label>
          <select id={`${id}-add`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('teams.choose')}</option>
            {outside.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={!chosen || adding.isPending}>
            {t('teams.add')}
          </button>
        </form>
      )}
    </li>
  );
}

function CreateTeam({ onProblem }: { onProblem: (message: string | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const creating = useCreateTeam();
  const act = useAction(onProblem);
  const [name, setName] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || creating.isPending) return;
    onProblem(null);
    await act(async () => {
      await creating.mutateAsync(name.trim());
      setName('');
    });
  }

  return (
    <form className="field-row" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-name`}>{t('teams.newName')}</label>
      <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      <button type="submit" disabled={creating.isPending}>
        {t('teams.create')}
      </button>
    </form>
  );
}
