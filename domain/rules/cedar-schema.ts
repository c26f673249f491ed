/**
 * The Cedar schema rules are validated and evaluated against (issue 42 item 3), generated from
 * `domain/`'s own lists: ask kinds, approval action kinds and the roles come from the same tuples
 * the API validates with, so a new ask kind is a new Cedar enum value without anyone writing it
 * twice. Pure data in Cedar's JSON schema form; rules/cedar-engine.ts hands it to the engine.
 *
 * Entities: the asking principal (an `Agent`, or a `Member` filing for themselves), the `Ask`
 * being decided (the resource, with what a rule can match on as attributes), and `Team`,
 * `Session`, `Project` for hand-written policies. Actions, one per kind of effect: `answer`
 * (approve, choose, a fact's value as permits; deny and "ask a person" as forbids, which beat
 * them), `route`, `require_approvers`.
 */
import { AskKind } from '../ask';
import { ApprovalActionKind } from '../asks/approval-ask';
import { CedarAction } from './rule-effect';

type CedarType =
  | { type: 'String' | 'Long' | 'Boolean' }
  | { type: 'Entity'; name: string }
  | { type: 'Set'; element: CedarType }
  | { type: 'Record'; attributes: Record<string, CedarType & { required?: boolean }> };

const str = { type: 'String' } as const;
const long = { type: 'Long' } as const;
const bool = { type: 'Boolean' } as const;
const entity = (name: string) => ({ type: 'Entity', name }) as const;
const optional = <T extends CedarType>(type: T) => ({ ...type, required: false });

/** What the `Ask` resource carries: each attribute a condition in rule-conditions.ts can test. */
export const ASK_ATTRIBUTES = {
  kind: entity('AskKind'),
  position: long,
  /** A decision ask's options; 0 for every other kind. */
  optionCount: long,
  agent: optional(entity('Agent')),
  session: optional(entity('Session')),
  project: optional(str),
  toolName: optional(str),
  command: optional(str),
  /** The command's leading words as the recurring rule reads them (`git status`). */
  commandWords: optional(str),
  /**
   * The command chains or redirects (`;`, `&&`, `|`, `` ` ``, `$(`, `<`, `>`, a new line): a permit
   * on its prefix or its leading words must not let through what follows them.
   */
  compound: optional(bool),
  path: optional(str),
  approvalAction: optional(entity('ApprovalAction')),
  risks: { type: 'Set', element: str },
  cluster: optional(str),
} satisfies Record<string, CedarType & { required?: boolean }>;

/** The Cedar schema, in its JSON form, under the empty namespace: policies say `Ask`, `Action::"answer"`. */
export function cedarSchema() {
  const appliesTo = {
    principalTypes: ['Agent', 'Member'],
    resourceTypes: ['Ask'],
    context: { type: 'Record', attributes: {} },
  };
  return {
    '': {
      entityTypes: {
        Project: {},
        Team: {},
        Agent: {},
        Session: { memberOfTypes: ['Project'] },
        Member: { memberOfTypes: ['Team'] },
        AskKind: { enum: [...AskKind] },
        ApprovalAction: { enum: [...ApprovalActionKind] },
        Ask: { shape: { type: 'Record', attributes: ASK_ATTRIBUTES } },
      },
      actions: Object.fromEntries(CedarAction.map((action) => [action, { appliesTo }])),
    },
  };
}
export type CedarSchema = ReturnType<typeof cedarSchema>;
