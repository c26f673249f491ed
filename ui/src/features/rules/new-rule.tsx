/**
 * Making a rule on the Rules page (issue 42 items 4-5): what it does, to which asks, and why. It
 * is saved in shadow unless the person says otherwise, and can be tried first on the last 30
 * days: what it would have done to each ask it matched, beside what was answered.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AskKind } from '../../../../domain/ask';
import type { CreateRuleBody, RuleTestResult } from '../../../../domain/rules/rule';
import type { RuleConditions } from '../../../../domain/rules/rule-conditions';
import type { RuleEffect } from '../../../../domain/rules/rule-effect';
import { When } from '../../shared/page-frame';
import { useAction } from '../../shared/use-action';
import { effectWords } from './rule-words';
import { useCreateRule, useTestRule } from './rules-queries';

const EFFECTS = ['approve', 'deny', 'choose', 'fact', 'route', 'approvers', 'ask-person'] as const;
type EffectKind = (typeof EFFECTS)[number];

type Draft = {
  name: string;
  reason: string;
  effect: EffectKind;
  /** The effect's one value: a denial's reason, an option's number, a fact, whom to route to, how many approvers. */
  value: string;
  askKind: string;
  tool: string;
  commandPrefix: string;
  pathGlob: string;
  agent: string;
  project: string;
  /** A Bash command's leading words (`git status`), as the recurring rule clusters them. */
  commandWords: string;
  /** The recurring question it was made from ("Make this a rule"), kept while `onlyCluster` is ticked. */
  cluster: string;
  onlyCluster: boolean;
  atOnce: boolean;
};

const EMPTY: Draft = {
  name: '',
  reason: '',
  effect: 'approve',
  value: '',
  askKind: '',
  tool: '',
  commandPrefix: '',
  pathGlob: '',
  agent: '',
  project: '',
  commandWords: '',
  cluster: '',
  onlyCluster: false,
  atOnce: false,
};

/** "Make this a rule" (issue 42 item 4): the rule a recurring decision suggests, as the form's fields. */
export function draftOf(rule: { name: string; reason: string; conditions: RuleConditions; effect: RuleEffect }): Draft {
  const { conditions, effect } = rule;
  const value =
    effect.kind === 'deny'
      ? effect.reason
      : effect.kind === 'choose'
        ? String(effect.option)
        : effect.kind === 'fact'
          ? effect.text
          : effect.kind === 'route'
            ? effect.to
            : effect.kind === 'approvers'
              ? String(effect.required)
              : '';
  return {
    ...EMPTY,
    name: rule.name,
    reason: rule.reason,
    effect: effect.kind,
    value,
    askKind: conditions.askKind ?? '',
    agent: conditions.agent ?? '',
    project: conditions.project ?? '',
    tool: conditions.tool?.name ?? '',
    commandPrefix: conditions.tool?.commandPrefix ?? '',
    commandWords: conditions.tool?.commandWords ?? '',
    pathGlob: conditions.tool?.pathGlob ?? '',
    cluster: conditions.cluster ?? '',
    onlyCluster: conditions.cluster !== undefined,
  };
}

export type { Draft };

function effectOf(draft: Draft): RuleEffect {
  switch (draft.effect) {
    case 'deny':
      return { kind: 'deny', reason: draft.value };
    case 'choose':
      return { kind: 'choose', option: Number(draft.value) };
    case 'fact':
      return { kind: 'fact', text: draft.value };
    case 'route':
      return { kind: 'route', to: draft.value.trim() as Extract<RuleEffect, { kind: 'route' }>['to'] };
    case 'approvers':
      return { kind: 'approvers', required: Number(draft.value) };
    default:
      return { kind: draft.effect };
  }
}

function conditionsOf(draft: Draft): RuleConditions {
  const tool = draft.tool.trim();
  return {
    ...(draft.askKind ? { askKind: draft.askKind as RuleConditions['askKind'] } : {}),
    ...(draft.agent ? { agent: draft.agent } : {}),
    ...(draft.project.trim() ? { project: draft.project.trim() } : {}),
    ...(draft.onlyCluster && draft.cluster ? { cluster: draft.cluster } : {}),
    ...(tool
      ? {
          tool: {
            name: tool,
            ...(draft.commandPrefix.trim() ? { commandPrefix: draft.commandPrefix.trim() } : {}),
            ...(draft.commandWords.trim() ? { commandWords: draft.commandWords.trim() } : {}),
            ...(draft.pathGlob.trim() ? { pathGlob: draft.pathGlob.trim() } : {}),
          },
        }
      : {}),
  };
}

const NEEDS_VALUE: readonly EffectKind[] = ['deny', 'choose', 'fact', 'route', 'approvers'];

export function NewRule({ agents, initial = null }: { agents: Array<{ id: string; name: string }>; initial?: Draft | null }) {
  const { t } = useTranslation();
  const id = useId();
  const creating = useCreateRule();
  const trying = useTestRule();
  const [draft, setDraft] = useState<Draft>(initial ?? EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState<RuleTestResult | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const act = useAction(setProblem);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const body = (): CreateRuleBody => ({
    name: draft.name.trim(),
    reason: draft.reason.trim(),
    mode: draft.atOnce ? 'on' : 'shadow',
    endsAt: null,
    conditions: conditionsOf(draft),
    effect: effectOf(draft),
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaved(null);
    const done = await act(() => creating.mutateAsync(body()));
    if (done) {
      setSaved(draft.name.trim());
      setDraft(EMPTY);
      setTried(null);
    }
  }

  async function tryIt() {
    setProblem(null);
    const { mode: _mode, endsAt: _endsAt, ...rule } = body();
    await act(async () => setTried(await trying.mutateAsync(rule)));
  }

  return (
    <section aria-labelledby={`${id}-title`} className="settings-section new-rule">
      <h2 id={`${id}-title`}>{t('rules.new.title')}</h2>
      <form onSubmit={(event) => void save(event)}>
        <div className="field-row">
          <label htmlFor={`${id}-name`}>{t('rules.new.name')}</label>
          <input id={`${id}-name`} value={draft.name} onChange={(event) => set('name', event.target.value)} maxLength={100} required />
        </div>
        <div className="field-row">
          <label htmlFor={`${id}-effect`}>{t('rules.new.effect')}</label>
          <select id={`${id}-effect`} value={draft.effect} onChange={(event) => set('effect', event.target.value as EffectKind)}>
            {EFFECTS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`rules.new.effects.${kind}`)}
              </option>
            ))}
          </select>
          {NEEDS_VALUE.includes(draft.effect) && (
            <>
              <label htmlFor={`${id}-value`}>{t(`rules.new.values.${draft.effect}`)}</label>
              <input id={`${id}-value`} value={draft.value} onChange={(event) => set('value', event.target.value)} required />
            </>
          )}
        </div>
        <fieldset>
          <legend>{t('rules.new.when')}</legend>
          <div className="field-row">
            <label htmlFor={`${id}-kind`}>{t('rules.new.askKind')}</label>
            <select id={`${id}-kind`} value={draft.askKind} onChange={(event) => set('askKind', event.target.value)}>
              <option value="">{t('rules.new.anyKind')}</option>
              {AskKind.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`rules.askKinds.${kind}`)}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-agent`}>{t('rules.new.agent')}</label>
            <select id={`${id}-agent`} value={draft.agent} onChange={(event) => set('agent', event.target.value)}>
              <option value="">{t('rules.new.anyAgent')}</option>
              {agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field-row">
            <label htmlFor={`${id}-tool`}>{t('rules.new.tool')}</label>
            <input id={`${id}-tool`} value={draft.tool} onChange={(event) => set('tool', event.target.value)} placeholder="Bash" />
            <label htmlFor={`${id}-command`}>{t('rules.new.commandPrefix')}</label>
            <input
              id={`${id}-command`}
              value={draft.commandPrefix}
              onChange={(event) => set('commandPrefix', event.target.value)}
              placeholder="npm test"
              disabled={!draft.tool.trim()}
            />
            <label htmlFor={`${id}-path`}>{t('rules.new.pathGlob')}</label>
            <input
              id={`${id}-path`}
              value={draft.pathGlob}
              onChange={(event) => set('pathGlob', event.target.value)}
              placeholder="src/**"
              disabled={!draft.tool.trim()}
            />
          </div>
          <div className="field-row">
            <label htmlFor={`${id}-words`}>{t('rules.new.commandWords')}</label>
            <input
              id={`${id}-words`}
              value={draft.commandWords}
              onChange={(event) => set('commandWords', event.target.value)}
              placeholder="git status"
              disabled={!draft.tool.trim()}
            />
          </div>
          {draft.cluster && (
            <div className="field-row">
              <input
                id={`${id}-cluster`}
                type="checkbox"
                checked={draft.onlyCluster}
                onChange={(event) => set('onlyCluster', event.target.checked)}
              />
              <label htmlFor={`${id}-cluster`}>{t('rules.new.onlyCluster')}</label>
            </div>
          )}
          <div className="field-row">
            <label htmlFor={`${id}-project`}>{t('rules.new.project')}</label>
            <input id={`${id}-project`} value={draft.project} onChange={(event) => set('project', event.target.value)} />
          </div>
        </fieldset>
        <div className="field-row">
          <label htmlFor={`${id}-reason`}>{t('rules.new.reason')}</label>
          <textarea
            id={`${id}-reason`}
            value={draft.reason}
            onChange={(event) => set('reason', event.target.value)}
            maxLength={1000}
            required
          />
        </div>
        <div className="field-row">
          <input id={`${id}-at-once`} type="checkbox" checked={draft.atOnce} onChange={(event) => set('atOnce', event.target.checked)} />
          <label htmlFor={`${id}-at-once`}>{t('rules.new.atOnce')}</label>
        </div>
        {problem && <p role="alert">{problem}</p>}
        {saved && <p role="status">{t('rules.new.saved', { rule: saved })}</p>}
        <p>
          <button type="button" disabled={trying.isPending || !draft.name.trim() || !draft.reason.trim()} onClick={() => void tryIt()}>
            {t('rules.new.try')}
          </button>{' '}
          <button type="submit" disabled={creating.isPending}>
            {draft.atOnce ? t('rules.new.saveOn') : t('rules.new.saveShadow')}
          </button>
        </p>
      </form>
      {tried && <Tried result={tried} />}
    </section>
  );
}

function Tried({ result }: { result: RuleTestResult }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="rule-tried">
      <p>{t('rules.new.tried', { count: result.matches.length, considered: result.considered })}</p>
      {result.matches.length > 0 && (
        <ul>
          {result.matches.map((match) => (
            <li key={`${match.decisionId}-${match.position}`}>
              <When at={match.at} /> · {match.question} — {effectWords(t, match.effect)};{' '}
              {match.answered ? t('rules.new.personAnswered', { answer: match.answered }) : t('rules.notYet')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
