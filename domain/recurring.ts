/**
 * Recurring decisions (AW-03 §4.9, FR-56…FR-58): the same agent raising a substantially
 * identical decision 3 or more times in the trailing 14 days is a sign its instructions are
 * missing a rule. Detection is advisory only: nothing is answered, archived or hidden.
 *
 * The rule. Two decisions are "substantially identical" when they share a fingerprint:
 *   - the raising agent (no agent, no cluster: the rule is about an agent's instructions);
 *   - the source: "decide" for a filed decision (approvals and escalations bring their
 *     action type or reason code);
 *   - the first ask's prompt, normalised: quoted literals ("…", '…', `…`, “…”) become one
 *     placeholder, numbers (with their separators and units like 240, 3.5, 2026-09-06, $40)
 *     another, other punctuation goes, case and whitespace fold.
 * So "Which supplier list is right for Q3?" and "which supplier list is right for Q4" cluster,
 * as do two "Approve the $240 spend on 'Acme'?" with other amounts and names; "Which supplier
 * list is right?" and "Which customer list is right?" do not.
 *
 * A host's permission prompt (issue 39 item 3) has no authored prompt — every one reads "Allow
 * Bash?" — so it clusters by its tool and input pattern instead (domain/permission-pattern.ts),
 * and only with other permission prompts: `git status` asked 3 times recurs, while 73 Bash
 * prompts for 40 different commands do not all become one recurring decision. A host's terminal
 * question clusters by its words, apart from filed decisions alike.
 */
import type { DecisionSource } from './decision-view-schema';
import { permissionPattern } from './permission-pattern';
import { sha256Hex } from './sha256';

export const RECURRING_MIN = 3;
export const RECURRING_DAYS = 14;

export function normalisePrompt(prompt: string): string {
  return prompt
    .toLowerCase()
    .replace(/"[^"]*"|“[^”]*”|‘[^’]*’|`[^`]*`|(^|\s)'[^']*'(?=\s|$|[.,;:!?])/g, '$1 ⟨q⟩ ')
    .replace(/[$€£]?\d[\d.,:/-]*(%|k|m|h|d|s|ms)?\b/g, ' ⟨n⟩ ')
    .replace(/[^\p{L}\p{N}⟨⟩\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Longest fingerprint kept as it reads, in UTF-8 bytes. A longer one is kept as its digest: an
 * index entry may not pass a third of a page (2,704 bytes), and a 1,000-character prompt in a
 * script of 3-byte letters would. Clusters compare fingerprints for equality only, so a digest
 * clusters exactly as its text would.
 */
export const FINGERPRINT_TEXT_BYTES = 512;

function bounded(agentId: string, key: string): string {
  return new TextEncoder().encode(key).length <= FINGERPRINT_TEXT_BYTES ? key : `${agentId}|sha256|${sha256Hex(key)}`;
}

/** A permission prompt's tool and the pattern of its input (null: the tool alone). */
export type PermissionKey = { tool: string; pattern: string | null };

/** The clustering key; `null` when the decision has no agent to write a rule for. */
export function recurringFingerprint(decision: {
  agentId: string | null;
  source?: string;
  firstPrompt: string;
  permission?: PermissionKey;
}): string | null {
  if (!decision.agentId) return null;
  const key = decision.permission
    ? `${decision.agentId}|permission|${decision.permission.tool}|${decision.permission.pattern ?? ''}`
    : `${decision.agentId}|${decision.source ?? 'decide'}|${normalisePrompt(decision.firstPrompt)}`;
  return bounded(decision.agentId, key);
}

/**
 * The draft rule the "Write this into {agent}'s instructions" action pre-fills (FR-57), from
 * the person's most recent answer in the cluster.
 */
export function draftRule(prompt: string, answer: string, reason: string | null): string {
  const because = reason ? ` Reason: ${reason}` : '';
  return `When you would ask "${prompt}", do not ask: the answer is "${answer}".${because}`;
}

/**
 * The fingerprint of a decision as the mirror keeps it: a permission prompt by its tool and
 * input pattern, a record or a host's terminal question apart from filed decisions, the rest by
 * the first ask's prompt.
 */
export function decisionFingerprint(
  decision: { question: string; context: string | null; asks: ReadonlyArray<{ prompt: string }>; source?: DecisionSource | null },
  agentId: string | null,
): string | null {
  const source = decision.source ?? null;
  const firstPrompt = decision.asks[0]?.prompt ?? decision.question;
  if (source?.kind === 'permission') {
    const tool = source.tool ?? 'tool';
    return recurringFingerprint({
      agentId,
      firstPrompt,
      permission: { tool, pattern: permissionPattern(tool, source.toolInput, decision.context) },
    });
  }
  return recurringFingerprint({ agentId, firstPrompt, ...(source ? { source: source.kind } : {}) });
}
