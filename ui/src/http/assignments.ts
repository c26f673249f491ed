/** Whom a decision is for, who is on it, and who may answer (issue 41 items 1-2). */
import type { AnswerPolicy } from '../../../domain/assignment';
import { assignmentRoutes } from '../../../domain/routes/assignments';
import { delegationRoutes } from '../../../domain/routes/delegations';
import { call } from './call';

export const reassignDecision = ({ id, to }: { id: string; to: string | null }) =>
  call(assignmentRoutes.reassignDecision, { params: { id }, body: { to } }).then((body) => body.assignment);
export const claimDecision = (id: string) =>
  call(assignmentRoutes.claimDecision, { params: { id }, body: {} }).then((body) => body.assignment);
export const releaseDecision = (id: string) =>
  call(assignmentRoutes.releaseDecision, { params: { id }, body: {} }).then((body) => body.assignment);
export const readAnswerSettings = () => call(assignmentRoutes.getAnswerSettings, {}).then((body) => body.settings);
export const changeAnswerSettings = (whoMayAnswer: AnswerPolicy) =>
  call(assignmentRoutes.updateAnswerSettings, { body: { whoMayAnswer } }).then((body) => body.settings);

export const listDelegations = () => call(delegationRoutes.listDelegations, {}).then((body) => body.delegations);
export const createDelegation = (body: { to: string; endsAt: string }) =>
  call(delegationRoutes.createDelegation, { body }).then((reply) => reply.delegation);
export const endDelegation = (id: string) =>
  call(delegationRoutes.endDelegation, { params: { id }, body: {} }).then((body) => body.delegation);
