/**
 * What `resolve_escalation` says when it cannot resolve: in its own argument names (`id`,
 * `resolution`, `option`, `reason`), never in the HTTP body it sends. Cast's refusals name the
 * queue's ask and its answer shape (`{"kind":"fact","text":"…"}`); the tool's caller never saw those.
 */
import type { ResolveEscalationBody } from '../../../domain/escalation';
import { ToolError, type ToolWords } from './tool-error';

export type ResolveArgs = { resolution?: string | undefined; option?: number | undefined; reason?: string | undefined };

/** The arguments as the endpoint's body, or what to send instead. */
export function resolveBody({ resolution, option, reason }: ResolveArgs): ResolveEscalationBody {
  if (resolution !== undefined && option !== undefined) {
    throw new ToolError(
      "Send resolution or option, not both: resolution answers in words; option picks one of the escalation's options by its number.",
    );
  }
  if (resolution !== undefined) {
    if (reason !== undefined) throw new ToolError('reason goes with option; with resolution, say why inside the resolution itself.');
    return { resolution };
  }
  if (option !== undefined) return reason === undefined ? { option } : { option, reason };
  throw new ToolError(
    "Send resolution (the answer, in words) or option (the number of one of the escalation's options, with an optional reason).",
  );
}

/** `1. Finance; 2. Ops` */
const numbered = (options: readonly string[]) => options.map((label, index) => `${index + 1}. ${label}`).join('; ');

/**
 * The tool's words for Cast's refusals of one call. `options` are the escalation's own, when
 * the refusal is about them and they could be read (null: not read, or not readable).
 */
export function resolveWords(id: string, body: ResolveEscalationBody, options: readonly string[] | null): ToolWords {
  const option = 'option' in body ? body.option : null;
  return {
    escalation_not_found: () => `There is no escalation ${id} in this workspace; check id (escalation ids look like esc_…).`,
    // Sent an option to an escalation that asks for words, or words to one that offers options.
    answer_kind_mismatch: (problem) =>
      problem?.expected === 'fact' || options?.length === 0
        ? `${id} has no options: it asks for an answer in words. Use resolution instead of option.`
        : `${id} offers options${options?.length ? ` (${numbered(options)})` : ''}: use option with the number of one (and reason to say why) instead of resolution.`,
    option_out_of_range: (problem) =>
      options?.length
        ? `${id} has no option ${option}; its options are ${numbered(options)}.`
        : `${id} has no option ${option}; give option 1–${typeof problem?.options === 'number' ? problem.options : 9}.`,
    reason_required: () => `Choosing option ${option} of ${id} needs reason: one sentence on why.`,
    decision_archived: () => `${id} was archived from the queue, so it takes no resolution; a person can restore it in Cast first.`,
    undo_in_progress: () => `${id}'s resolution is being undone right now; call resolve_escalation again in a moment.`,
    forbidden_for_agent: () => 'A person must resolve this escalation in Cast; agent tokens cannot.',
  };
}
