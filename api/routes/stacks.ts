/** `/api/v1/stacks`: ordered checklists of decisions with a due time and an auto-default policy. */
import { Router } from 'express';
import { z } from 'zod';
import { DecisionId } from '../../domain/decision-schema';
import { AddMembersBody, CreateStackBody, ReorderBody, StackId, StackPolicyBody } from '../../domain/stack-schema';
import { decisionsByIds } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { getStack, listStacks, stackNotFound } from '../../db/stacks';
import { EmptyBody } from '../empty-body';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';
import { addToStack, applyDefaults, createStack, removeFromStack, reorderStack, setStackPolicy } from '../services/stacks';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.strictObject({ status: z.enum(['open', 'closed']).optional(), limit: listLimit(50, 200) });

/** A malformed stack id reads as a missing one, like a decision id. */
function stackIdParam(raw: string): string {
  const parsed = StackId.safeParse(raw);
  if (!parsed.success) throw stackNotFound();
  return parsed.data;
}

export function stacksRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = parseWith(CreateStackBody, req.body);
    const stack = await createStack(deps, res.locals.principal, body);
    res.status(201).location(`/api/v1/stacks/${stack.id}`).json({ stack });
  });

  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    res.json({ stacks: await listStacks(deps.pool, res.locals.principal.workspaceId, query.status, query.limit) });
  });

  /** The stack and its members' decisions, in the stack's order (the checklist). */
  router.get('/:id', async (req, res) => {
    const { workspaceId } = res.locals.principal;
    const stack = await getStack(deps.pool, workspaceId, stackIdParam(req.params.id));
    if (!stack) throw stackNotFound();
    const decisions = await decisionsByIds(deps.pool, workspaceId, stack.members.map((member) => member.decisionId));
    res.json({ stack, decisions });
  });

  router.post('/:id/members', async (req, res) => {
    const body = parseWith(AddMembersBody, req.body);
    res.json({ stack: await addToStack(deps, res.locals.principal, stackIdParam(req.params.id), body.decisions) });
  });

  router.delete('/:id/members/:decision', async (req, res) => {
    const decision = parseWith(DecisionId, req.params.decision);
    res.json({ stack: await removeFromStack(deps, res.locals.principal, stackIdParam(req.params.id), decision) });
  });

  router.put('/:id/order', async (req, res) => {
    const body = parseWith(ReorderBody, req.body);
    res.json({ stack: await reorderStack(deps, res.locals.principal, stackIdParam(req.params.id), body.order) });
  });

  router.patch('/:id/policy', async (req, res) => {
    const body = parseWith(StackPolicyBody, req.body);
    res.json({ stack: await setStackPolicy(deps, res.locals.principal, stackIdParam(req.params.id), body) });
  });

  router.post('/:id/apply-defaults', async (req, res) => {
    parseWith(EmptyBody, req.body ?? {});
    res.json(await applyDefaults(deps, res.locals.principal, stackIdParam(req.params.id)));
  });

  return router;
}
