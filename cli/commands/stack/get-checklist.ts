/** A stack's checklist as Cast answers it: the stack and its member decisions (`cast stack show`, `reorder`, `decide --stack`). */
import type { RouteResponse } from '../../../domain/routes/route';
import { stackRoutes } from '../../../domain/routes/stacks';
import type { Client } from '../../http';
import { onStack } from './stack-input';

export type Checklist = RouteResponse<typeof stackRoutes.getStack>['body'];

export function getChecklist(api: Client, id: string): Promise<Checklist> {
  return onStack(id, () => api.request(stackRoutes.getStack, { params: { id } }));
}
