/**
 * Issue 40 item 6: the channel an answer names beside who gave it — the ones that reach a person
 * where they are (an email, Slack, a notification). The web, the CLI and the others are said on
 * the provenance line only, so §6.4's "Approved by you · 2 minutes ago" reads as the spec has it.
 */
import { ANSWER_LINK_CHANNELS, type AnswerLinkChannel } from '../../../../../domain/answer-link';
import type { Channel, ProvenanceActor } from '../../../../../domain/provenance';
import type { TFunction } from 'i18next';

export function reachChannelOf(provenance: { channel: Channel | null } | null | undefined): AnswerLinkChannel | null {
  const channel = provenance?.channel;
  return channel && (ANSWER_LINK_CHANNELS as readonly string[]).includes(channel) ? (channel as AnswerLinkChannel) : null;
}

/**
 * Issue 42 item 6: who gave an answer the machine gave — "rule 'tests may run' (r3)", or the
 * stack's auto-default — or null for a person's.
 */
export function machineAnswerer(
  t: TFunction,
  answer: { automatic?: true; provenance?: { actor: ProvenanceActor } | undefined },
): string | null {
  const actor = answer.provenance?.actor;
  if (actor?.kind === 'rule') return t('ask.byRule', { name: actor.name, revision: actor.revision });
  return answer.automatic ? t('ask.byAutoDefault') : null;
}
