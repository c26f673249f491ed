/**
 * An Inbox reply routes to the record it answers (FR-29): for an approval, a reply that starts
 * with a yes or a no word (the rest is the reason; a rejection needs one); for an escalation,
 * the reply is the resolution — or, when it offered options, the option it names or numbers.
 */
import type { Rejection } from './errors';
import { endSentence } from './sentence';

const YES = ['approve', 'approved', 'yes', 'y', 'ok', 'okay', 'lgtm', 'go ahead'];
const NO = ['reject', 'rejected', 'no', 'n', 'deny', 'denied', "don't", 'do not'];

/** Splits "no — budget is capped" into its word and the rest. */
function leading(text: string, words: string[]): string | null {
  const lower = text.toLowerCase();
  for (const word of words) {
    if (lower === word) return '';
    if (lower.startsWith(word) && /[\s,.:;!—–-]/.test(lower.charAt(word.length))) {
      return text
        .slice(word.length)
        .replace(/^[\s,.:;!—–-]+/, '')
        .trim();
    }
  }
  return null;
}

export function approvalReply(text: string): { verdict: 'approve' | 'reject'; reason: string | null } | Rejection {
  const trimmed = text.trim();
  const yes = leading(trimmed, YES);
  if (yes !== null) return { verdict: 'approve', reason: yes || null };
  const no = leading(trimmed, NO);
  if (no !== null) {
    if (!no)
      return {
        code: 'reason_required',
        message: 'A rejection needs a reason: reply "no — <why>". It is what the agent learns from.',
        details: { expected: 'approval_reply' },
      };
    return { verdict: 'reject', reason: no };
  }
  return {
    code: 'invalid_request',
    message: 'Reply "yes" to approve, or "no — <why>" to reject.',
    details: { expected: 'approval_reply' },
  };
}

export function escalationReply(
  text: string,
  options: string[] | null,
): { resolution: string } | { option: number; reason: string | null } | Rejection {
  const trimmed = text.trim();
  if (!options) return { resolution: trimmed };
  const numbered = /^(\d)\b[\s,.:;!—–-]*(.*)$/s.exec(trimmed);
  if (numbered && Number(numbered[1]) >= 1 && Number(numbered[1]) <= options.length) {
    return { option: Number(numbered[1]), reason: numbered[2]!.trim() || null };
  }
  const index = options.findIndex((label) => leading(trimmed, [label.toLowerCase()]) !== null);
  if (index >= 0) return { option: index + 1, reason: leading(trimmed, [options[index]!.toLowerCase()]) || null };
  const listed = options.map((label, position) => `${position + 1}. ${label}`).join('; ');
  return {
    code: 'invalid_request',
    message: `Reply with one of its options, by number or name: ${endSentence(listed)}`,
    details: { expected: 'option_reply', options },
  };
}
