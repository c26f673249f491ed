/**
 * Who takes which events through which channel (DESIGN §11): `{channel, kinds, audience,
 * cadence}`. A webhook endpoint is one: the workspace's, instant, for the kinds it chose. Push,
 * email and Slack add members' and teams' subscriptions of the same shape, and `digest`.
 */
import type { OutboxKind } from './event-kinds';

export const Cadence = ['instant', 'digest'] as const;
export type Cadence = (typeof Cadence)[number];

/** Whom a subscription serves: a whole workspace (a webhook endpoint), a member, or later a team. */
export type Audience = { kind: 'workspace'; workspaceId: string } | { kind: 'member'; memberId: string } | { kind: 'team'; teamId: string };

export type Subscription = {
  channel: string;
  kinds: readonly OutboxKind[];
  audience: Audience;
  cadence: Cadence;
  /** Where the channel sends: a webhook endpoint's id, later a push subscription, an address, a Slack channel. */
  target: string;
};
