/**
 * Cedar, in-process (`@cedar-policy/cedar-wasm`): the one module that speaks to the engine. It
 * checks a policy against the schema generated from `domain/` before a rule is saved, parses a
 * policy set once so evaluation does not, and answers one request, reporting every failure as a
 * value: callers fail closed on it (issue 42 item 7).
 */
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { cedarSchema } from '../domain/rules/cedar-schema';
import { cedarActionOf, cedarEffectOf, type RuleEffect } from '../domain/rules/rule-effect';

const SCHEMA = cedarSchema();

/** Why a policy cannot be saved, in the validator's words. */
export type PolicyProblem = { message: string };

function words(errors: ReadonlyArray<{ message: string; help?: string | null }>): string {
  return errors.map((error) => (error.help ? `${error.message} (${error.help})` : error.message)).join('; ');
}

/** Whether the generated schema is one Cedar accepts: tested, so a change to `domain/` that breaks it fails a test. */
export function checkSchema(): PolicyProblem | null {
  const answer = cedar.checkParseSchema(SCHEMA as cedar.Schema);
  return answer.type === 'success' ? null : { message: words(answer.errors) };
}

/**
 * A policy is saved only when it is exactly one static policy (no template slots), it validates
 * strictly against the schema, and its effect and action are the rule's own: a "deny" rule must
 * be a `forbid` on `Action::"answer"`, a route a `permit` on `Action::"route"`.
 */
export function checkPolicy(text: string, effect: RuleEffect): PolicyProblem | null {
  try {
    const parts = cedar.policySetTextToParts(text);
    if (parts.type === 'failure') return { message: words(parts.errors) };
    if (parts.policy_templates.length > 0)
      return { message: 'A rule is a static policy: template slots (?principal, ?resource) are not allowed.' };
    if (parts.policies.length !== 1) return { message: `A rule is exactly one policy; this text has ${parts.policies.length}.` };
    const json = cedar.policyToJson(parts.policies[0]!);
    if (json.type === 'failure') return { message: words(json.errors) };
    const wanted = cedarEffectOf(effect);
    if (json.json.effect !== wanted) return { message: `A ${effect.kind} rule is a ${wanted} policy, not a ${json.json.effect}.` };
    const action = json.json.action;
    const id = cedarActionOf(effect);
    const names = action.op === '==' && 'entity' in action ? action.entity : null;
    const actionId = names ? ('__entity' in names ? names.__entity.id : names.id) : null;
    if (actionId !== id) return { message: `A ${effect.kind} rule is a policy on action == Action::"${id}" alone.` };
    const validation = cedar.validate({ schema: SCHEMA as cedar.Schema, policies: { staticPolicies: { rule: text } } });
    if (validation.type === 'failure') return { message: words(validation.errors) };
    if (validation.validationErrors.length > 0) return { message: words(validation.validationErrors.map((entry) => entry.error)) };
    return null;
  } catch (error) {
    return { message: `Cedar could not read this policy: ${(error as Error).message}` };
  }
}

/**
 * The policy as a matcher: the same scope and `when`/`unless` conditions, turned into a permit on
 * any action, so one request reports every rule whose conditions hold, forbids and permits alike
 * (a set mixing them reports only the side that won). Null when Cedar cannot read it.
 */
export function matcherOf(text: string): cedar.PolicyJson | null {
  try {
    const json = cedar.policyToJson(text);
    if (json.type === 'failure') return null;
    return { ...json.json, effect: 'permit', action: { op: 'All' } };
  } catch {
    return null;
  }
}

/** Parses a set of policies (id → text or JSON) once, under `setId`, for `authorize` to use; null when it parsed. */
export function prepare(setId: string, policies: Readonly<Record<string, string | cedar.PolicyJson>>): PolicyProblem | null {
  try {
    const answer = cedar.preparsePolicySet(setId, { staticPolicies: { ...policies } });
    return answer.type === 'success' ? null : { message: words(answer.errors) };
  } catch (error) {
    return { message: (error as Error).message };
  }
}

export type Authorization = { ok: true; decision: 'allow' | 'deny'; reasons: string[]; errored: string[] } | { ok: false; message: string };

/** One request against a prepared set: which policies decided it, and which could not be evaluated. */
export function authorize(
  setId: string,
  request: {
    principal: { type: string; id: string };
    action: string;
    resource: { type: string; id: string; attrs: Record<string, unknown> };
  },
): Authorization {
  try {
    const answer = cedar.statefulIsAuthorized({
      principal: request.principal,
      action: { type: 'Action', id: request.action },
      resource: { type: request.resource.type, id: request.resource.id },
      context: {},
      preparsedPolicySetId: setId,
      entities: [
        { uid: request.principal, attrs: {}, parents: [] },
        {
          uid: { type: request.resource.type, id: request.resource.id },
          attrs: request.resource.attrs as Record<string, cedar.CedarValueJson>,
          parents: [],
        },
      ],
    });
    if (answer.type === 'failure') return { ok: false, message: words(answer.errors) };
    const { decision, diagnostics } = answer.response;
    return { ok: true, decision, reasons: diagnostics.reason, errored: diagnostics.errors.map((error) => error.policyId) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
