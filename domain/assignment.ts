/**
 * Addressed to someone (issue 41 items 1-2): a decision's assignee is a member, a team, or
 * nobody (everyone, as before). "For me" is what is addressed to me, to my teams, or to nobody;
 * a team's member may claim a decision ("Dana is on it") and release it. Who may answer is the
 * workspace's choice: anyone, or the assignee, their team and admins.
 */
import { z } from 'zod';
import { holds, type Role } from './permissions';
import type { Principal } from './principal';
import { naming, shown } from './refusal-words';

export const AssigneeKind = ['member', 'team'] as const;

/** Whom a decision is addressed to, by id: what the decision's links keep as filed. */
export const AssigneeRef = z.object({ kind: z.enum(AssigneeKind), id: z.string() }).meta({ id: 'AssigneeRef' });
export type AssigneeRef = z.infer<typeof AssigneeRef>;

/**
 * Whom to address it to, as agents and people write it: `@dana` (a member, by id or by name) or
 * `team:infra` (a team, by name or id). The server finds the one it names (db/assignments.ts).
 */
export const AssigneeTarget = z
  .string()
  .trim()
  .regex(/^(@[^\s@][^@]{0,99}|team:[A-Za-z0-9][A-Za-z0-9._-]{0,63})$/, {
    error: naming((field, input) => `${field} is ${shown(input)}: address a member as @name (@dana) or a team as team:name (team:infra).`),
  })
  .meta({ description: 'A member as `@name` or `@mb_…`, or a team as `team:name` or `team:tm_…`.' });
export type AssigneeTarget = z.infer<typeof AssigneeTarget>;

/** The target an ask keeps once filed: by id, so renaming the member or the team moves nothing. */
export function canonicalTarget(ref: AssigneeRef): AssigneeTarget {
  return ref.kind === 'member' ? `@${ref.id}` : `team:${ref.id}`;
}

/** What `@…`/`team:…` names, before it is looked up. */
export function parseTarget(target: AssigneeTarget): { kind: 'member' | 'team'; name: string } {
  return target.startsWith('@') ? { kind: 'member', name: target.slice(1).trim() } : { kind: 'team', name: target.slice(5) };
}

export const ReassignBody = z
  .strictObject({
    /** The new assignee, or null to address it to everyone. */
    to: AssigneeTarget.nullable(),
  })
  .meta({ id: 'ReassignBody' });
export type ReassignBody = z.infer<typeof ReassignBody>;

export const AnswerPolicy = ['anyone', 'assignees'] as const;
export type AnswerPolicy = (typeof AnswerPolicy)[number];

export const AnswerSettings = z
  .object({
    /** `anyone`: every member answers any decision; `assignees`: the assignee, their team's members and admins. */
    whoMayAnswer: z.enum(AnswerPolicy),
  })
  .meta({ id: 'AnswerSettings' });
export type AnswerSettings = z.infer<typeof AnswerSettings>;
export const AnswerSettingsBody = z.strictObject(AnswerSettings.shape).meta({ id: 'AnswerSettingsBody' });

/** Whom the queue lists for: "For me" (mine, my teams', unassigned) or "Everyone". */
export const QueueAudience = ['me', 'everyone'] as const;
export type QueueAudience = (typeof QueueAudience)[number];

const Named = z.object({ id: z.string(), name: z.string() });

/** What a card shows of whom a decision is for, read for the person reading it. */
export const Assignment = z
  .object({
    assignee: z.object({ kind: z.enum(AssigneeKind), id: z.string(), name: z.string() }).nullable(),
    /** While its member is away: who covers for them (issue 41 item 5). */
    delegatedTo: Named.nullable(),
    /** The member who said they are on it, and since when. */
    claimedBy: Named.extend({ at: z.iso.datetime() }).nullable(),
    /** It is addressed to the reader, a team of theirs, or nobody: it is in their "For me". */
    forMe: z.boolean(),
    /** The reader may answer it under the workspace's setting; when not, the card says who may. */
    mayAnswer: z.boolean(),
    /**
     * The asks addressed to someone other than the decision's assignee, by position: whom each is
     * for, and whether the reader may answer that one.
     */
    asks: z
      .record(
        z.string(),
        z.object({ assignee: z.object({ kind: z.enum(AssigneeKind), id: z.string(), name: z.string() }), mayAnswer: z.boolean() }),
      )
      .default({}),
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof Assignment>;

/**
 * The assignee keys a member's "For me" covers (migration 0038's `assignee_key`): their own id,
 * each of their teams', and '' for nobody.
 */
export type ForMe = {
  keys: string[];
  /** The members this one covers for now (issue 41 item 5): their ids are among `keys`. */
  covers: string[];
  policy: AnswerPolicy;
  role: Role | 'agent';
};

/** An admin or owner: answers whatever it is addressed to, releases anyone's claim, sets anyone's delegation. */
export function isAdmin(role: Role | 'agent'): boolean {
  return role !== 'agent' && holds(role, 'member.manage');
}

/** The same, of whoever makes a request: an agent never is. */
export function isAdminPrincipal(principal: Principal): boolean {
  return principal.kind === 'person' && isAdmin(principal.role);
}

/** The rule of item 2, in one place: the same words decide the queue's flag and the answer's refusal. */
export function mayAnswer(forMe: ForMe, assigneeKey: string): boolean {
  if (forMe.policy === 'anyone') return true;
  if (isAdmin(forMe.role)) return true;
  return forMe.keys.includes(assigneeKey);
}

/** Who may answer instead, for the refusal and the card: "Dana", "team infra's members". */
export function whoMayAnswer(assignee: { kind: 'member' | 'team'; name: string }): string {
  return assignee.kind === 'member' ? `${assignee.name} or an admin` : `a member of team ${assignee.name} or an admin`;
}
