/**
 * Rule evaluation: the interface the filing service calls (issue 42 item 3).
 *
 *   evaluateRules(rules: readonly Rule[], request: RuleRequest): RuleOutcome[]
 *
 * `rules` is every rule of the request's workspace as stored (db/rules.ts `listRules`), any
 * mode; `request` describes the filing and its asks (domain/rules/rule-request.ts). It returns
 * one `RuleOutcome` per ask, in the asks' order: the verdict (the machine answers with an
 * effect, a person is asked, or nothing), a route, a number of approvers, the shadow rules that
 * matched, and the `inputDigest` provenance records for an answer to the ask. Synchronous and
 * pure but for Cedar's parse cache: the same rules and request give the same outcomes, so the
 * outcomes can be passed in a workflow's start and replayed.
 *
 * What it guarantees:
 * - Cedar decides which rules match (each policy's scope and conditions); among them a forbid
 *   beats a permit, as Cedar combines them, then an admin's rule beats a member's
 *   (domain/rules/rule-precedence.ts). A rule whose effect the ask cannot take (a denial of a
 *   decision ask, option 4 of three) is left out, live and in shadow.
 * - A rule answers only what its author may answer by hand (`mayAnswer` with `request.authors`),
 *   never past its `endsAt`, never when `off`; a `shadow` rule only appears in `shadowHits`.
 * - Fail closed: a live rule that concerns the ask and cannot be evaluated (Cedar cannot parse it,
 *   or its evaluation errs) makes the verdict `ask-person` with `cause: 'engine-error'`.
 */
import { mayAnswer } from '../domain/assignment';
import { digestOf } from '../domain/provenance';
import type { Rule } from '../domain/rules/rule';
import { cedarActionOf, cedarEffectOf, effectFits, type AnswerEffect, type CedarAction } from '../domain/rules/rule-effect';
import { refOf, strongest, type Candidate } from '../domain/rules/rule-precedence';
import { askAttributes, type RuleAsk, type RuleOutcome, type RuleRequest, type RuleVerdict } from '../domain/rules/rule-request';
import { authorize } from './cedar-engine';
import { ANY, bucketKey, preparedRules, toolKeys, type PreparedRules } from './prepared-rules';

export type { RuleAsk, RuleOutcome, RuleRequest } from '../domain/rules/rule-request';
export { forgetRules } from './prepared-rules';

/** Whether the rule may act on this ask now: not expired, and its author may answer the ask by hand. */
function applies(rule: Rule, request: RuleRequest, ask: RuleAsk): boolean {
  if (rule.mode === 'off') return false;
  if (rule.endsAt !== null && Date.parse(rule.endsAt) <= Date.parse(request.now)) return false;
  const author = request.authors[rule.author];
  return author !== undefined && mayAnswer(author, ask.assigneeKey);
}

function candidateOf(rule: Rule, polarity: 'permit' | 'forbid'): Candidate {
  return {
    rule: { id: rule.id, name: rule.name, revision: rule.revision, authorRole: rule.authorRole, createdAt: rule.createdAt },
    effect: rule.effect,
    polarity,
  };
}

type Matches = { live: Map<CedarAction, Candidate[]>; shadow: Candidate[]; failed: Set<string> };

/** The first word of the command as run, and as the recurring rule reads it (past `sudo`, env assignments). */
function commandWords(ask: RuleAsk, attributes: Record<string, unknown>): string[] {
  const words = [ANY];
  if (typeof attributes.command === 'string') words.push(attributes.command.split(/\s+/)[0]!);
  if (typeof attributes.commandWords === 'string') words.push(attributes.commandWords.split(' ')[0]!);
  return ask.tool?.name === 'Bash' ? [...new Set(words)] : [ANY];
}

/** Every bucket (prepared-rules.ts) a rule matching this ask could be filed under. */
function bucketsOf(request: RuleRequest, ask: RuleAsk, attributes: Record<string, unknown>): string[] {
  const keys: string[] = [];
  const agents = request.agentId ? [request.agentId, ANY] : [ANY];
  for (const kind of [ask.kind, ANY])
    for (const agent of agents)
      for (const tool of toolKeys(ask.tool?.name ?? null))
        for (const word of tool === 'Bash' ? commandWords(ask, attributes) : [ANY]) keys.push(bucketKey(kind, agent, tool, word));
  return keys;
}

function matchAsk(prepared: PreparedRules, request: RuleRequest, ask: RuleAsk): Matches {
  const matches: Matches = { live: new Map(), shadow: [], failed: new Set() };
  const concerned = (id: string) => {
    const rule = prepared.byId.get(id)!;
    return rule.mode === 'on' && applies(rule, request, ask);
  };
  const attributes = askAttributes(request, ask);
  const principal = { type: request.principal.kind === 'agent' ? 'Agent' : 'Member', id: request.principal.id };
  const resource = { type: 'Ask', id: String(ask.position), attrs: attributes };
  for (const bucket of bucketsOf(request, ask, attributes)) {
    for (const id of (prepared.broken.get(bucket) ?? []).filter(concerned)) matches.failed.add(id);
    const set = prepared.sets.get(bucket);
    if (!set) continue;
    const answer = authorize(set.setId, { principal, action: 'answer', resource });
    if (!answer.ok) {
      for (const id of set.ruleIds.filter(concerned)) matches.failed.add(id);
      continue;
    }
    for (const id of answer.errored.filter(concerned)) matches.failed.add(id);
    for (const id of answer.reasons) {
      const rule = prepared.byId.get(id);
      // An effect the ask cannot take (a fact's value for an approval) would answer nothing, live or in shadow.
      if (!rule || !applies(rule, request, ask) || !effectFits(rule.effect, ask)) continue;
      const candidate = candidateOf(rule, cedarEffectOf(rule.effect));
      if (rule.mode === 'shadow') matches.shadow.push(candidate);
      else {
        const action = cedarActionOf(rule.effect);
        matches.live.set(action, [...(matches.live.get(action) ?? []), candidate]);
      }
    }
  }
  return matches;
}

function verdictOf(matches: Matches): RuleVerdict {
  if (matches.failed.size > 0) {
    return { kind: 'ask-person', cause: 'engine-error', rule: null, failed: [...matches.failed].sort() };
  }
  // Every candidate fits the ask (matchAsk keeps no other): a denial only ever answers an approval.
  const winner = strongest(matches.live.get('answer') ?? []);
  if (!winner) return { kind: 'none' };
  const rule = refOf(winner);
  if (winner.effect.kind === 'ask-person') return { kind: 'ask-person', cause: 'rule', rule, failed: [] };
  return { kind: 'answer', effect: winner.effect as AnswerEffect, rule };
}

function outcomeOf(prepared: PreparedRules, request: RuleRequest, ask: RuleAsk): RuleOutcome {
  const inputDigest = digestOf(ask.approvedInput);
  let matches: Matches;
  try {
    matches = matchAsk(prepared, request, ask);
  } catch {
    return {
      position: ask.position,
      verdict: { kind: 'ask-person', cause: 'engine-error', rule: null, failed: [] },
      route: null,
      approvers: null,
      shadowHits: [],
      inputDigest,
    };
  }
  const route = strongest(matches.live.get('route') ?? []);
  const approvers = strongest(matches.live.get('require_approvers') ?? []);
  return {
    position: ask.position,
    verdict: verdictOf(matches),
    route: route?.effect.kind === 'route' ? { to: route.effect.to, rule: refOf(route) } : null,
    approvers: approvers?.effect.kind === 'approvers' ? { required: approvers.effect.required, rule: refOf(approvers) } : null,
    shadowHits: matches.shadow.map((candidate) => ({ rule: refOf(candidate), effect: candidate.effect })),
    inputDigest,
  };
}

export function evaluateRules(rules: readonly Rule[], request: RuleRequest): RuleOutcome[] {
  const ownRules = rules.filter((rule) => rule.mode !== 'off');
  let prepared: PreparedRules;
  try {
    prepared = preparedRules(request.workspaceId, ownRules);
  } catch {
    // The engine itself is unusable: every ask goes to a person.
    return request.asks.map((ask) => ({
      position: ask.position,
      verdict: { kind: 'ask-person', cause: 'engine-error', rule: null, failed: ownRules.map((rule) => rule.id) },
      route: null,
      approvers: null,
      shadowHits: [],
      inputDigest: digestOf(ask.approvedInput),
    }));
  }
  return request.asks.map((ask) => outcomeOf(prepared, request, ask));
}
