/**
 * Whom a decision is for (issue 41 items 1-2): reassigning, claiming and releasing it, and the
 * workspace's "who may answer". The queue's "For me" is `GET /decisions?for=me`.
 */
import { z } from 'zod';
import { AnswerSettings, AnswerSettingsBody, Assignment, ReassignBody } from '../assignment';
import { DecisionIdParam } from './decisions';
import { EmptyBody } from './empty-body';
import { route } from './route';

const params = z.object({ id: DecisionIdParam });
const ok = (description: string) => ({ status: 200 as const, description, schema: z.object({ assignment: Assignment }) });

const reassignDecision = route({
  tag: 'Decisions',
  method: 'put',
  path: '/decisions/:id/assignee',
  operationId: 'reassignDecision',
  summary: 'Address an open decision to someone',
  description: 'A member (`@dana`), a team (`team:infra`), or `null` for everyone. A claim on it ends. Recorded in its activity history.',
  params,
  body: { schema: ReassignBody },
  ok: ok('Whom it is for now.'),
  errors: ['decision_not_found', 'decision_not_open', 'assignee_not_found', 'assignee_ambiguous'],
  permission: 'decision.answer',
});

const claimDecision = route({
  tag: 'Decisions',
  method: 'post',
  path: '/decisions/:id/claim',
  operationId: 'claimDecision',
  summary: 'Say you are on a decision',
  description:
    "A member claims a decision addressed to them, a team of theirs, or nobody; others see who is on it. Claiming it again changes nothing; another member's claim is 409 `already_claimed`. Takes no body, or `{}`.",
  params,
  body: { schema: EmptyBody, required: false },
  ok: ok('Whom it is for, with the claim.'),
  errors: ['decision_not_found', 'decision_not_open', 'already_claimed', 'not_assignee'],
  permission: 'decision.answer',
});

const releaseDecision = route({
  tag: 'Decisions',
  method: 'post',
  path: '/decisions/:id/release',
  operationId: 'releaseDecision',
  summary: 'Give up a claim',
  description: 'The member on it, or an admin, releases it; releasing what nobody claimed changes nothing. Takes no body, or `{}`.',
  params,
  body: { schema: EmptyBody, required: false },
  ok: ok('Whom it is for, with nobody on it.'),
  errors: ['decision_not_found', 'decision_not_open', 'not_claimant'],
  permission: 'decision.answer',
});

const Settings = z.object({ settings: AnswerSettings });

const getAnswerSettings = route({
  tag: 'Workspace',
  method: 'get',
  path: '/settings/answers',
  operationId: 'getAnswerSettings',
  summary: 'Who may answer decisions',
  ok: { status: 200, description: 'The setting.', schema: Settings },
  permission: 'workspace.read',
});

const updateAnswerSettings = route({
  tag: 'Workspace',
  method: 'patch',
  path: '/settings/answers',
  operationId: 'updateAnswerSettings',
  summary: 'Change who may answer decisions',
  description:
    "`anyone`: every member answers any decision. `assignees`: a decision addressed to a member or a team is answered by them, the team's members and admins (others get 403 `not_assignee`); one addressed to nobody, by anyone.",
  body: { schema: AnswerSettingsBody },
  ok: { status: 200, description: 'The setting, applied to every answer from now on.', schema: Settings },
  permission: 'settings.manage',
});

export const assignmentRoutes = { reassignDecision, claimDecision, releaseDecision, getAnswerSettings, updateAnswerSettings };
