/**
 * Who may do what (DESIGN §11): one registry of permissions, `resource.action`, and the one
 * table of what each role holds. Every route declaration names the one permission it needs
 * (domain/routes/route.ts); the API checks it once, where routes are mounted, against the
 * caller's role. Roles nest: an owner holds all an admin holds, an admin all a member holds,
 * a member all a viewer holds. An agent holds a fixed set: it reads, files and reports its own
 * work, and never answers (DESIGN §8).
 */

/** Every permission, with what it allows: the API reference and docs/api.md read these words. */
export const PERMISSION_WORDS = {
  'api.describe': 'Read the API description (`/openapi.json`).',
  'decision.read': 'Read decisions, sessions, runs and their messages; wait on them.',
  'workspace.read':
    'Read everything else a person sees: missions, tasks, agents, stacks, approvals, escalations, the Inbox, activity, analytics, settings and members.',
  'decision.file': 'File, edit and withdraw decisions, approvals, escalations and host prompts.',
  'session.report': 'Register sessions, report runs and heartbeats, append messages.',
  'decision.answer': 'Answer and undo asks, approve, reject, resolve, reply in the Inbox, run again.',
  'decision.archive': 'Archive and restore decisions.',
  'task.manage': 'Create, change, block and delete tasks.',
  'mission.manage': 'Create missions.',
  'stack.manage': 'Create stacks, change their members, order and policy, apply their defaults.',
  'token.own': "List, mint and revoke one's own tokens (and tokens for one's own agents).",
  'profile.own':
    "Read and change one's own profile (the time zone one's times are shown in) and notifications (channels, digest, quiet hours; a test message; the delivery log).",
  'token.manage': "List and revoke everyone's tokens; mint tokens for any agent.",
  'member.manage': 'Add members and viewers, change their role, remove them.',
  'rule.manage':
    "Make, change, test and disable rules: a member their own, covering only what they may answer; an admin anyone's. Hand-written Cedar is an admin's.",
  'team.manage': 'Create, rename and delete teams; add and remove their members.',
  'owner.manage': 'Make, demote or remove owners and admins.',
  'webhook.manage': 'Register, list, rotate, ping and delete webhooks; read and redeliver deliveries.',
  'settings.manage': "Change the workspace's settings (the health line, reminders, approvals).",
  'agent.manage': 'Create agents, rewrite their instructions, add and remove their tool grants.',
  'audit.export': "Export the whole history of writes, with every answer's provenance, as JSON Lines.",
} as const;

export type Permission = keyof typeof PERMISSION_WORDS;
export const PERMISSIONS = Object.keys(PERMISSION_WORDS) as Permission[];

/** A member's role, weakest first. */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

const VIEWER: readonly Permission[] = ['api.describe', 'decision.read', 'workspace.read', 'token.own', 'profile.own'];
const MEMBER: readonly Permission[] = [
  ...VIEWER,
  'decision.file',
  'session.report',
  'decision.answer',
  'decision.archive',
  'task.manage',
  'mission.manage',
  'stack.manage',
  'rule.manage',
];
const ADMIN: readonly Permission[] = [
  ...MEMBER,
  'token.manage',
  'member.manage',
  'team.manage',
  'webhook.manage',
  'settings.manage',
  'agent.manage',
  'audit.export',
];
const OWNER: readonly Permission[] = [...ADMIN, 'owner.manage'];

/**
 * What an agent token may do, whoever minted it: exactly the routes agents could call before
 * roles existed. Every one of these a member holds too, so a person never mints an agent
 * more than they may do themselves.
 */
export const AGENT_PERMISSIONS: readonly Permission[] = ['api.describe', 'decision.read', 'decision.file', 'session.report'];

/** The one table: each role's permissions, and an agent's. */
export const GRANTS: Record<Role | 'agent', ReadonlySet<Permission>> = {
  viewer: new Set(VIEWER),
  member: new Set(MEMBER),
  admin: new Set(ADMIN),
  owner: new Set(OWNER),
  agent: new Set(AGENT_PERMISSIONS),
};

/** The roles only an owner may give or take away. */
export const ELEVATED_ROLES: readonly Role[] = ['owner', 'admin'];

/** Whether `holder` (a role, or `agent`) holds `permission`. */
export function holds(holder: Role | 'agent', permission: Permission): boolean {
  return GRANTS[holder].has(permission);
}

/** The weakest role holding `permission`, or null when no role does. */
export function weakestRoleWith(permission: Permission): Role | null {
  return ROLES.find((role) => holds(role, permission)) ?? null;
}

/** Every role holding `permission`: a decision's people, until teams, are the members whose role holds `decision.answer`. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => holds(role, permission));
}
