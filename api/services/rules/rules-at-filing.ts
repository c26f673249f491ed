/**
 * The rules at filing (issue 42 items 1, 5-7): the filing service's `automaticAnswers` port. For
 * each filing it evaluates the workspace's rules (rules/evaluate-rules.ts) on the decision as it
 * will start, and hands the workflow the answers they give, so the workflow stays deterministic;
 * once the decision has its id, what matched is put on record, live and in shadow, for each
 * rule's page. Fail closed: rules that cannot be read or evaluated answer nothing and a person is
 * asked, as if there were none — said in the log.
 *
 * The workspace's rules are read again only when they changed (their count and latest revision,
 * one indexed read per filing), so a workspace with a thousand rules files about as fast as one
 * with none; Cedar's parse of them is cached by the engine the same way.
 */
import type { AutomaticAnswer } from '../../../domain/automatic-answer';
import { digestAtFiling } from '../../../domain/automatic-answer';
import type { DecisionSnapshot } from '../../../domain/decision-view-schema';
import type { Principal } from '../../../domain/principal';
import { decisionFingerprint } from '../../../domain/recurring';
import { requestFromSnapshot } from '../../../domain/rules/request-from-snapshot';
import type { Rule } from '../../../domain/rules/rule';
import { answerOfEffect } from '../../../domain/rules/rule-effect';
import { prepared, type Pool } from '../../../db/pool';
import { authorsOf } from '../../../db/rule-authors';
import { listRules, recordHits } from '../../../db/rules';
import { hitsOfOutcomes } from '../../../domain/rules/hits-of-outcomes';
import type { Logger } from '../../../runtime/logger';
import { evaluateRules, type RuleOutcome } from '../../../rules/evaluate-rules';
import { resolveAssignee } from '../../../db/assignments';
import type { AssigneeRef } from '../../../domain/assignment';
import type { AutomaticAnswersFor } from '../file-decision';

type Filing = Parameters<AutomaticAnswersFor>[0]['filing'];

/** Workspaces whose rules are kept between filings; past it the cache starts afresh. */
const CACHED_WORKSPACES = 1000;

function principalOf(principal: Principal) {
  return principal.kind === 'agent'
    ? { kind: 'agent' as const, id: principal.agentId }
    : { kind: 'member' as const, id: principal.memberId };
}

export function rulesAtFiling(pool: Pool, logger: Logger): AutomaticAnswersFor {
  const cache = new Map<string, { version: string; rules: Rule[] }>();

  async function rulesOf(workspaceId: string): Promise<Rule[]> {
    const { rows } = await pool.query<{ version: string }>(
      prepared(
        pool,
        `select count(*) || ':' || coalesce(sum(revision), 0) || ':' || coalesce(max(updated_at)::text, '') as version
           from rules where workspace_id = $1`,
        [workspaceId],
      ),
    );
    const version = rows[0]!.version;
    const cached = cache.get(workspaceId);
    if (cached?.version === version) return cached.rules;
    const rules = await listRules(pool, workspaceId, { live: true });
    if (cache.size >= CACHED_WORKSPACES) cache.clear();
    cache.set(workspaceId, { version, rules });
    return rules;
  }

  async function evaluate(principal: Principal, filing: Filing) {
    const rules = await rulesOf(principal.workspaceId);
    if (rules.length === 0) return null;
    const state = {
      workspaceId: principal.workspaceId,
      question: filing.question,
      context: filing.context ?? null,
      // An ask as filed is the ask as asked (domain/automatic-answer.ts `digestAtFiling`).
      asks: filing.asks as unknown as DecisionSnapshot['asks'],
      source: filing.source ?? null,
    };
    const agentId = filing.links.agentId ?? null;
    const request = requestFromSnapshot(state, {
      now: new Date().toISOString(),
      principal: principalOf(principal),
      agentId,
      sessionId: filing.links.sessionId ?? null,
      project: filing.links.scope ?? null,
      cluster: decisionFingerprint(state, agentId),
      assigneeKey: filing.links.assignee?.id ?? '',
      authors: await authorsOf(pool, principal.workspaceId, [...new Set(rules.map((rule) => rule.author))]),
    });
    return evaluateRules(rules, request);
  }

  /** The first ask's route that still names someone of the workspace; a member or team gone since the rule was saved routes nothing. */
  async function routeOf(workspaceId: string, outcomes: readonly RuleOutcome[]): Promise<AssigneeRef | undefined> {
    const to = outcomes.find((outcome) => outcome.route)?.route?.to;
    if (!to) return undefined;
    try {
      const { kind, id } = await resolveAssignee(pool, workspaceId, to);
      return { kind, id };
    } catch (error) {
      logger.warn({ err: error, workspaceId, to }, "a rule's route names nobody now; the decision goes to everyone");
      return undefined;
    }
  }

  return async ({ principal, filing }) => {
    let outcomes: Awaited<ReturnType<typeof evaluate>>;
    try {
      outcomes = await evaluate(principal, filing);
    } catch (error) {
      logger.error({ err: error, workspaceId: principal.workspaceId }, 'rules could not be evaluated; a person is asked');
      return { answers: [] };
    }
    if (!outcomes) return { answers: [] };
    const answers: AutomaticAnswer[] = [];
    for (const { position, verdict } of outcomes) {
      if (verdict.kind === 'ask-person' && verdict.cause === 'engine-error') {
        logger.warn(
          { workspaceId: principal.workspaceId, rules: verdict.failed, ask: position },
          'a rule could not be evaluated; a person is asked',
        );
      }
      if (verdict.kind === 'answer') {
        const { id, name, revision } = verdict.rule;
        answers.push({
          ask: position,
          ...answerOfEffect(verdict.effect),
          source: { kind: 'rule', id, name, revision },
          inputDigest: digestAtFiling(filing, position),
        });
      }
    }
    // Whether anything matched at all (the decision's id comes later): nothing to record, no write.
    const matched = hitsOfOutcomes('', outcomes).length > 0;
    const approvers = Object.fromEntries(
      outcomes.flatMap((outcome) => (outcome.approvers ? [[outcome.position, outcome.approvers.required]] : [])),
    );
    const route = await routeOf(principal.workspaceId, outcomes);
    return {
      answers,
      ...(route ? { route } : {}),
      ...(Object.keys(approvers).length > 0 ? { approvers } : {}),
      // On record once the decision has its id; a record that fails is logged, never the filing's failure.
      filed: matched
        ? (decisionId: string) =>
            recordHits(pool, principal.workspaceId, hitsOfOutcomes(decisionId, outcomes)).catch((error: unknown) =>
              logger.error({ err: error, decisionId }, 'rule hits could not be recorded'),
            )
        : undefined,
    };
  };
}
