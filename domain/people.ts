/**
 * Members and tokens (DESIGN §8): people of a workspace, and the credentials that act for a
 * person or for one agent. A token's secret is shown once, when it is minted; afterwards only
 * its label, kind and dates are ever returned.
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import { AgentName } from './agent';
import { DURATION_FORMS, DurationError, parseDuration } from './duration';
import { ROLES } from './permissions';
import { TimeZone } from './time-zone';

/** A member's role (domain/permissions.ts says what each may do). */
export const MemberRole = z.enum(ROLES).meta({
  id: 'MemberRole',
  description:
    'viewer reads; member also answers and files; admin also manages people, tokens, agents, webhooks and settings; owner also makes and demotes owners and admins.',
});

export const Member = z
  .object({
    id: z.string(),
    name: z.string(),
    role: MemberRole,
    createdAt: z.iso.datetime(),
    /** When the member was removed; their answers and history keep their name. */
    removedAt: z.iso.datetime().nullable(),
    /** The IANA zone the web shows their times in; null until chosen (the web then uses UTC). */
    timeZone: z.string().nullable(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const TokenKind = ['person', 'agent'] as const;
export type TokenKind = (typeof TokenKind)[number];

export const Token = z
  .object({
    id: z.string(),
    label: z.string(),
    kind: z.enum(TokenKind),
    /** The person it acts for, or who minted it for the agent. */
    memberId: z.string(),
    memberName: z.string(),
    agentId: z.string().nullable(),
    agentName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** To the minute: a request within a minute of the last one does not write it again. */
    lastUsedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Token' });
export type Token = z.infer<typeof Token>;

export const MemberName = filledText(200, 'Give the member a name.');
export const TokenLabel = filledText(100, 'A label cannot be empty.');

/** The longest a token may live: a year. */
export const TOKEN_LIFETIME_MAX_MS = 366 * 86_400_000;

const ExpiresIn = z.string().transform((text, context) => {
  try {
    const ms = parseDuration(text);
    if (ms <= TOKEN_LIFETIME_MAX_MS) return ms;
    context.addIssue({ code: 'custom', message: 'A token may live at most 366d; mint a new one when it expires.' });
  } catch (error) {
    if (!(error instanceof DurationError)) throw error;
    context.addIssue({ code: 'custom', message: `expiresIn is ${error.message}` });
  }
  return z.NEVER;
});

export const AddMemberBody = z.strictObject({
  name: MemberName,
  role: MemberRole.default('member').meta({ description: 'Absent: member. Only an owner adds an owner or an admin.' }),
});
export type AddMemberBody = z.infer<typeof AddMemberBody>;

export const ChangeMemberBody = z.strictObject({ role: MemberRole }).meta({ id: 'ChangeMemberBody' });

/** What a member may change of their own profile (issue 39 item 10). */
export const ChangeProfileBody = z.strictObject({ timeZone: TimeZone }).meta({ id: 'ChangeProfileBody' });
export type ChangeProfileBody = z.infer<typeof ChangeProfileBody>;
export type ChangeMemberBody = z.infer<typeof ChangeMemberBody>;

export const CreateTokenBody = z
  .strictObject({
    /** An agent's name: the token acts for that agent (created if the workspace has none by that name). Absent: a person token for the caller. */
    agent: AgentName.optional(),
    label: TokenLabel.optional(),
    /** How long it lives (`90d`, `24h`: DESIGN's one duration grammar); absent: until revoked. */
    expiresIn: ExpiresIn.optional().meta({ description: `How long the token lives: ${DURATION_FORMS}. Absent: until revoked.` }),
  })
  .meta({ id: 'CreateTokenBody' });
export type CreateTokenBody = z.infer<typeof CreateTokenBody>;

/** A newly minted token: its row, and its secret, shown this once. */
export const MintedToken = z.object({ token: Token, secret: z.string(), agentCreated: z.boolean() }).meta({ id: 'MintedToken' });
export type MintedToken = z.infer<typeof MintedToken>;

export const AddedMember = z.object({ member: Member, token: Token, secret: z.string() }).meta({ id: 'AddedMember' });
export type AddedMember = z.infer<typeof AddedMember>;
