/**
 * Rules and their hits (issue 42, migration 0043). A rule is read and changed within its
 * workspace only: another workspace's id reads as 404 `rule_not_found`, as a missing one does.
 * Every change bumps the revision in the same statement, so two saves never share one.
 * Validation (the Cedar schema, who may save what) happens before these are called. Each change
 * is one transaction with its activity entry, naming the revision it reached (migration 0044).
 */
import type { Actor } from '../domain/activity';
import { notFound } from '../domain/errors';
import type { Role } from '../domain/permissions';
import type { HitToRecord } from '../domain/rules/hits-of-outcomes';
import type { Rule, RuleHit, RuleMode } from '../domain/rules/rule';
import type { RuleConditions } from '../domain/rules/rule-conditions';
import type { RuleEffect } from '../domain/rules/rule-effect';
import { newId } from './ids';
import { recordBy } from './activity';
import { withTransaction, type Queryable } from './pool';

type RuleRow = {
  id: string;
  name: string;
  author_id: string;
  author_role: Role;
  reason: string;
  ends_at: Date | null;
  revision: number;
  mode: RuleMode;
  conditions: RuleConditions;
  effect: RuleEffect;
  cedar: string;
  hand_written: boolean;
  created_at: Date;
  updated_at: Date;
};

const RULE_COLUMNS = `id, name, author_id, author_role, reason, ends_at, revision, mode, conditions, effect, cedar, hand_written, created_at, updated_at`;

function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    author: row.author_id,
    authorRole: row.author_role,
    reason: row.reason,
    endsAt: row.ends_at?.toISOString() ?? null,
    revision: row.revision,
    mode: row.mode,
    conditions: row.conditions,
    effect: row.effect,
    cedar: row.cedar,
    handWritten: row.hand_written,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What a save writes: everything but the id, the revision and the times. */
export type RuleFields = Pick<Rule, 'name' | 'reason' | 'endsAt' | 'mode' | 'conditions' | 'effect' | 'cedar' | 'handWritten'>;

/** A save's fields as the statements below bind them, in their column order. */
function fieldValues(fields: RuleFields): unknown[] {
  return [
    fields.name,
    fields.reason,
    fields.endsAt,
    fields.mode,
    JSON.stringify(fields.conditions),
    JSON.stringify(fields.effect),
    fields.cedar,
    fields.handWritten,
  ];
}

/** The workspace's rules, oldest first; `live` leaves out those that are off (what a filing evaluates). */
export async function listRules(db: Queryable, workspaceId: string, options: { live?: boolean } = {}): Promise<Rule[]> {
  const { rows } = await db.query<RuleRow>(
    `select ${RULE_COLUMNS} from rules where workspace_id = $1 ${options.live ? "and mode <> 'off'" : ''} order by created_at, id`,
    [workspaceId],
  );
  return rows.map(toRule);
}

/** An agent's tool grants as the rules they are (tool-grants.ts): those in force, or `all` of them. */
export async function listGrantRules(db: Queryable, workspaceId: string, agentId: string, all = false): Promise<Rule[]> {
  const { rows } = await db.query<RuleRow>(
    `select ${RULE_COLUMNS} from rules where workspace_id = $1 and grant_agent_id = $2 ${all ? '' : "and mode <> 'off'"} order by created_at, id`,
    [workspaceId, agentId],
  );
  return rows.map(toRule);
}

export async function getRule(db: Queryable, workspaceId: string, id: string): Promise<Rule | null> {
  const { rows } = await db.query<RuleRow>(`select ${RULE_COLUMNS} from rules where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toRule(rows[0]) : null;
}

export async function createRule(
  db: Queryable,
  workspaceId: string,
  author: { memberId: string; role: Role },
  fields: RuleFields,
  actor: Actor,
  /** The agent whose tool grant this rule is (db/tool-grants.ts); null for any other rule. */
  grantOf: string | null = null,
): Promise<Rule> {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<RuleRow>(
      `insert into rules (id, workspace_id, author_id, author_role, grant_agent_id, name, reason, ends_at, mode, conditions, effect, cedar, hand_written)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       returning ${RULE_COLUMNS}`,
      [newId('ru'), workspaceId, author.memberId, author.role, grantOf, ...fieldValues(fields)],
    );
    const rule = toRule(rows[0]!);
    await recorded(client, workspaceId, actor, rule, 'created');
    return rule;
  });
}

/** The history's entry for a rule's change: what it is now, at which revision. */
function recorded(db: Queryable, workspaceId: string, actor: Actor, rule: Rule, kind: 'created' | 'updated' | 'disabled'): Promise<void> {
  return recordBy(db, actor, {
    workspaceId,
    subjectKind: 'rule',
    subjectId: rule.id,
    kind,
    detail: { name: rule.name, revision: rule.revision, mode: rule.mode, effect: rule.effect.kind },
  });
}

/**
 * Writes the rule's new fields and bumps its revision; 404 when it is not the workspace's. A tool
 * grant changed here as a rule stops being one of its agent's grants (`keepGrant` is for the
 * grants' own changes), so the agents API never shows a grant that is something else by now.
 */
export async function updateRule(
  db: Queryable,
  workspaceId: string,
  id: string,
  fields: RuleFields,
  actor: Actor,
  options: { keepGrant?: boolean } = {},
): Promise<Rule> {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<RuleRow>(
      `update rules set name = $3, reason = $4, ends_at = $5, mode = $6, conditions = $7, effect = $8, cedar = $9, hand_written = $10,
              grant_agent_id = case when $11 then grant_agent_id end, revision = revision + 1, updated_at = now()
        where workspace_id = $1 and id = $2
        returning ${RULE_COLUMNS}`,
      [workspaceId, id, ...fieldValues(fields), options.keepGrant === true],
    );
    if (!rows[0]) throw notFound('rule');
    const rule = toRule(rows[0]);
    await recorded(client, workspaceId, actor, rule, 'updated');
    return rule;
  });
}

/** Turns the rule off (a new revision); disabling twice changes nothing. */
export async function disableRule(db: Queryable, workspaceId: string, id: string, actor: Actor): Promise<Rule> {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<RuleRow>(
      `update rules set mode = 'off', revision = revision + 1, updated_at = now()
        where workspace_id = $1 and id = $2 and mode <> 'off'
        returning ${RULE_COLUMNS}`,
      [workspaceId, id],
    );
    if (rows[0]) {
      const rule = toRule(rows[0]);
      await recorded(client, workspaceId, actor, rule, 'disabled');
      return rule;
    }
    const rule = await getRule(client, workspaceId, id);
    if (!rule) throw notFound('rule');
    return rule;
  });
}

/** A hit as `hitsOfOutcomes` (domain/rules/hits-of-outcomes.ts) makes it from a filing's outcomes. */
export type NewRuleHit = HitToRecord;

/** Records what rules matched at a filing; a retried filing records each hit once. */
export async function recordHits(db: Queryable, workspaceId: string, hits: readonly NewRuleHit[]): Promise<void> {
  if (hits.length === 0) return;
  await db.query(
    `insert into rule_hits (workspace_id, rule_id, revision, decision_id, position, effect, shadow, input_digest)
     select $1, hit.rule_id, hit.revision, hit.decision_id, hit.position, hit.effect, hit.shadow, hit.input_digest
       from jsonb_to_recordset($2::jsonb)
         as hit(rule_id text, revision int, decision_id text, position int, effect jsonb, shadow boolean, input_digest text)
     on conflict (rule_id, revision, decision_id, position) do nothing`,
    [
      workspaceId,
      JSON.stringify(
        hits.map((hit) => ({
          rule_id: hit.ruleId,
          revision: hit.revision,
          decision_id: hit.decisionId,
          position: hit.position,
          effect: hit.effect,
          shadow: hit.shadow,
          input_digest: hit.inputDigest,
        })),
      ),
    ],
  );
}

type HitRow = {
  rule_id: string;
  revision: number;
  decision_id: string;
  position: number;
  effect: RuleEffect;
  shadow: boolean;
  input_digest: string;
  at: Date;
  ask: { kind: string; answer: { value: unknown; answeredBy: string } | null } | null;
};

/**
 * A rule's hits, newest first, each beside what the ask's answer was: read from the decision's
 * mirrored snapshot, as the decision's page reads it, so a person promotes a shadow rule knowing
 * how often it agreed with them. `describe` turns an ask and its answer into words.
 */
export async function hitsOf(
  db: Queryable,
  workspaceId: string,
  ruleId: string,
  describe: (ask: unknown, value: unknown) => string,
  limit = 200,
): Promise<RuleHit[]> {
  if (!(await getRule(db, workspaceId, ruleId))) throw notFound('rule');
  const { rows } = await db.query<HitRow>(
    `select h.rule_id, h.revision, h.decision_id, h.position, h.effect, h.shadow, h.input_digest, h.at,
            d.snapshot -> 'asks' -> (h.position - 1) as ask
       from rule_hits h
       left join decisions d on d.workspace_id = h.workspace_id and d.id = h.decision_id
      where h.workspace_id = $1 and h.rule_id = $2
      order by h.at desc, h.id desc
      limit $3`,
    [workspaceId, ruleId, limit],
  );
  return rows.map((row) => {
    const answer = row.ask?.answer ?? null;
    return {
      ruleId: row.rule_id,
      revision: row.revision,
      decisionId: row.decision_id,
      position: row.position,
      effect: row.effect,
      shadow: row.shadow,
      inputDigest: row.input_digest,
      at: row.at.toISOString(),
      answered: answer && row.ask ? describe(row.ask, answer.value) : null,
      answeredBy: answer?.answeredBy ?? null,
    };
  });
}
