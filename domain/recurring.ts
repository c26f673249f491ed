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
 */
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

/** The clustering key; `null` when the decision has no agent to write a rule for. */
export function recurringFingerprint(decision: { agentId: string | null; source?: string; firstPrompt: string }): string | null {
  if (!decision.agentId) return null;
  return `${decision.agentId}|${decision.source ?? 'decide'}|${normalisePrompt(decision.firstPrompt)}`;
}

/**
 * The draft rule the "Write this into {agent}'s instructions" action pre-fills (FR-57), from
 * the person's most recent answer in the cluster.
 */
export function draftRule(prompt: string, answer: string, reason: string | null): string {
  const because = reason ? ` Reason: ${reason}` : '';
  return `When you would ask "${prompt}", do not ask: the answer is "${answer}".${because}`;
}
