/**
 * One line of the workspace's history: what it happened to (a link where that has a page),
 * what happened, who did it, and when.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry as Entry } from '../../../../domain/activity';
import { Ago } from '../../shared/ago';
import { AppLink } from '../../shared/app-link';
import { clockTime } from '../../shared/time';
import { useTimeZone } from '../../shared/time-zone-provider';

/** Names for the ids an entry carries, where the page could read them. */
export type Names = {
  me: string | null;
  agents: Record<string, string>;
  members: Record<string, string>;
  tasks: Record<string, string>;
};

/** The page a subject has, if it has one: a session has none of its own. */
function subjectHref(entry: Entry): string | null {
  const id = encodeURIComponent(entry.subjectId);
  switch (entry.subjectKind) {
    case 'decision':
      return `/decisions?id=${id}`;
    case 'task':
      return `/tasks/${id}`;
    case 'run':
      return `/runs/${id}`;
    case 'agent':
      return `/agents/${id}/instructions`;
    case 'session':
    case 'team':
    case 'member':
    case 'rule':
      return null;
  }
}

/**
 * The subject by its title — a decision's question, a run's agent and task — never its id (the
 * link and its tooltip keep that). A session has no title: its host named it, so its id is its name.
 */
function subjectName(t: TFunction, entry: Entry, names: Names): string {
  const known =
    entry.subjectTitle ??
    (entry.subjectKind === 'task'
      ? names.tasks[entry.subjectId]
      : entry.subjectKind === 'agent'
        ? names.agents[entry.subjectId]
        : undefined);
  if (known) return t(`activity.subjects.${entry.subjectKind}`, { name: t('activity.quoted', { name: known }) });
  if (entry.subjectKind === 'session') return t('activity.subjects.session', { name: entry.subjectId });
  return t(`activity.unnamed.${entry.subjectKind}`);
}

/** Issue 40 item 7: "reminded Dana and Sam", "reminded the backup, Sam"; item 8: what a warning said. */
function reached(t: TFunction, entry: Entry, names: Names, zone: string, locale: string): string | null {
  const { members, backup, at, answersWith } = entry.detail;
  if (entry.kind === 'reminded' && Array.isArray(members)) {
    const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      members.map((id) => (id === names.me ? t('activity.actors.you') : (names.members[String(id)] ?? t('activity.actors.teammate')))),
    );
    return t(backup === true ? 'activity.remindedBackup' : 'activity.reminded', { names: list });
  }
  if (entry.kind === 'deadline_near' && typeof at === 'string') {
    const time = clockTime(at, locale, zone, Date.parse(entry.at));
    return typeof answersWith === 'string'
      ? t('activity.deadlineNear', { option: answersWith, time })
      : t('activity.deadlineNearExpires', { time });
  }
  return null;
}

function what(t: TFunction, entry: Entry): string {
  const { from, to } = entry.detail;
  if (entry.kind === 'status_changed' && typeof from === 'string' && typeof to === 'string') {
    const word = (status: string) => (entry.subjectKind === 'task' ? t(`task.statusWords.${status}`, { defaultValue: status }) : status);
    return t('activity.statusChanged', { from: word(from), to: word(to) });
  }
  return t(`activity.kinds.${entry.kind}`, { defaultValue: entry.kind.replaceAll('_', ' ') });
}

/** Issue 42 item 6: Cast's answer names its source — a rule at its revision, or a stack's auto-default. */
function machineSource(t: TFunction, entry: Entry): string | null {
  const provenance = entry.detail.provenance as { actor?: { kind?: unknown; name?: unknown; revision?: unknown } } | undefined;
  const source = provenance?.actor;
  if (source?.kind === 'rule') return t('activity.actors.rule', { name: String(source.name), revision: Number(source.revision) });
  return source?.kind === 'stack-auto-default' ? t('activity.actors.stackAutoDefault') : null;
}

function actor(t: TFunction, entry: Entry, names: Names): string {
  if (entry.actorKind === 'system') return machineSource(t, entry) ?? t('activity.actors.system');
  if (entry.actorKind === 'agent') {
    const agent = (entry.actorId && names.agents[entry.actorId]) || t('activity.actors.agent');
    // Which of the agent's tokens it came through, so a leaked one can be found and revoked.
    return entry.actorLabel ? t('activity.actors.agentVia', { agent, label: entry.actorLabel }) : agent;
  }
  if (entry.actorId === names.me) return t('activity.actors.you');
  return (entry.actorId && names.members[entry.actorId]) || t('activity.actors.teammate');
}

/**
 * The channel the act came through (issue 38 item 10): an answer's provenance, or the channel an
 * undo, archive, restore or withdrawal recorded; null for entries that keep none.
 */
function channelOf(entry: Entry): string | null {
  const provenance = entry.detail.provenance as { channel?: unknown } | undefined;
  const channel = provenance && typeof provenance === 'object' ? (provenance.channel ?? 'none') : entry.detail.channel;
  return typeof channel === 'string' ? channel : null;
}

export function ActivityEntry({ entry, names }: { entry: Entry; names: Names }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const href = subjectHref(entry);
  const name = subjectName(t, entry, names);
  const channel = channelOf(entry);
  return (
    <li className="activity-entry" data-testid="activity-entry" data-kind={entry.kind} data-subject={entry.subjectId}>
      {href ? (
        <AppLink href={href} title={entry.subjectId}>
          {name}
        </AppLink>
      ) : (
        <span>{name}</span>
      )}{' '}
      <span>{reached(t, entry, names, zone, i18n.language) ?? what(t, entry)}</span>{' '}
      <span className="meta">
        {t('activity.by', { actor: actor(t, entry, names) })} · <Ago at={entry.at} />
        {channel && (
          <span data-testid="activity-channel" data-channel={channel}>
            {' · '}
            {t(`ask.channel.${channel}`, { defaultValue: channel })}
          </span>
        )}
      </span>
    </li>
  );
}
