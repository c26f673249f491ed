/**
 * What rule evaluation is asked, and what it answers (issue 42 item 3): the interface the filing
 * service calls `evaluateRules` (rules/evaluate-rules.ts) with. Plain data, so the outcome can
 * travel in a workflow's start input.
 */
import type { AskKind } from '../ask';
import type { ApprovalActionKind } from '../asks/approval-ask';
import type { AssigneeTarget, ForMe } from '../assignment';
import { commandPattern } from '../permission-pattern';
import type { AnswerEffect, RuleEffect } from './rule-effect';

/** One ask of the filing, as rules see it. */
export type RuleAsk = {
  /** 1-based, as the decision numbers its asks. */
  position: number;
  kind: AskKind;
  /** A decision ask's options; 0 for any other kind. */
  optionCount: number;
  /** A host permission prompt's tool: its name, its whole input as sent, and the host's one-line summary. */
  tool: { name: string; input: Record<string, unknown> | null; summary: string | null } | null;
  /** An approval ask's action kind and the risks it names. */
  approval: { action: (typeof ApprovalActionKind)[number]; risks: readonly string[] } | null;
  /** Whom the ask is addressed to, as an assignee key (migration 0038): '' nobody, else the member's or team's id. */
  assigneeKey: string;
  /**
   * What an answer to this ask approves: `approvedInput(state, position).input` of
   * domain/provenance.ts. Its digest is the outcome's `inputDigest`, the same one provenance records.
   */
  approvedInput: unknown;
};

/** The filing whose asks the rules are asked about. */
export type RuleRequest = {
  workspaceId: string;
  /** The filing's moment (ISO 8601): a rule whose `endsAt` is not after it never matches. */
  now: string;
  /** Who files: an agent (by its token) or a member for themselves. */
  principal: { kind: 'agent'; id: string } | { kind: 'member'; id: string };
  /** The asking agent, when there is one (a member's token filing for an agent names it too). */
  agentId: string | null;
  sessionId: string | null;
  /** The session's scope: the project it works in. */
  project: string | null;
  /** The decision's recurring fingerprint (domain/recurring.ts `decisionFingerprint`), or null. */
  cluster: string | null;
  asks: readonly RuleAsk[];
  /**
   * Each rule author's standing now (assignment.ts `ForMe`: keys, covers, policy, role), by
   * member id. A rule answers only what its author may answer by hand (`mayAnswer`); an author
   * left out (removed from the workspace) has rules that do nothing.
   */
  authors: Readonly<Record<string, ForMe>>;
};

/** Which rule did it, as provenance names it: `{ kind: 'rule', id, revision }` plus its name for words. */
export type RuleRef = { id: string; name: string; revision: number };

export type RuleVerdict =
  /** The machine answers the ask with this effect. */
  | { kind: 'answer'; effect: AnswerEffect; rule: RuleRef }
  /**
   * A person must answer: a rule said so (`cause: 'rule'`), or a rule could not be evaluated and
   * evaluation failed closed (`cause: 'engine-error'`, `failed` names the rules).
   */
  | { kind: 'ask-person'; cause: 'rule' | 'engine-error'; rule: RuleRef | null; failed: string[] }
  /** No rule has anything to say: the ask goes to the queue as ever. */
  | { kind: 'none' };

/** What the rules make of one ask. */
export type RuleOutcome = {
  position: number;
  verdict: RuleVerdict;
  /** A route rule's target, kept even when a person is asked; null when none matched. */
  route: { to: AssigneeTarget; rule: RuleRef } | null;
  /** A quorum rule's number of approvers; null when none matched. */
  approvers: { required: number; rule: RuleRef } | null;
  /** Shadow rules that matched: what each would have done. They answer nothing; the filing records them. */
  shadowHits: Array<{ rule: RuleRef; effect: RuleEffect }>;
  /** `sha256:<hex>` of the ask's `approvedInput`, as provenance digests it. */
  inputDigest: string;
};

/** The command a prompt runs: its tool input's `command`, or, for Bash, the host's summary. */
function commandOf(tool: NonNullable<RuleAsk['tool']>): string | null {
  const command = tool.input?.command;
  if (typeof command === 'string' && command.trim() !== '') return command.trim();
  return tool.name === 'Bash' && tool.summary ? tool.summary.trim() : null;
}

function pathOf(tool: NonNullable<RuleAsk['tool']>): string | null {
  for (const key of ['file_path', 'notebook_path', 'path']) {
    const value = tool.input?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** Whether a shell command does more than its first words say: chained, piped, substituted or redirected. */
export function isCompound(command: string): boolean {
  return /[;&|`<>\n]|\$\(/.test(command);
}

const ref = (type: string, id: string) => ({ __entity: { type, id } });

/** The `Ask` entity's attributes (cedar-schema.ts ASK_ATTRIBUTES) for one ask of the request. */
export function askAttributes(request: RuleRequest, ask: RuleAsk): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    kind: ref('AskKind', ask.kind),
    position: ask.position,
    optionCount: ask.optionCount,
    risks: [...(ask.approval?.risks ?? [])],
  };
  if (request.agentId) attributes.agent = ref('Agent', request.agentId);
  if (request.sessionId) attributes.session = ref('Session', request.sessionId);
  if (request.project) attributes.project = request.project;
  if (request.cluster) attributes.cluster = request.cluster;
  if (ask.approval) attributes.approvalAction = ref('ApprovalAction', ask.approval.action);
  if (ask.tool) {
    attributes.toolName = ask.tool.name;
    const command = commandOf(ask.tool);
    if (command) {
      attributes.command = command;
      attributes.commandWords = commandPattern(command);
      attributes.compound = isCompound(command);
    }
    const path = pathOf(ask.tool);
    if (path) attributes.path = path;
  }
  return attributes;
}
