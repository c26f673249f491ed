/**
 * A stack's page: the stack with its decisions in order, and each change a person makes to it
 * (its policy, a member moved or removed, every advisory default taken). A change settles
 * once the stack has been read again, so its outcome is told over the fresh checklist.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StackPolicyBody } from '../../../../domain/stack-schema';
import { applyStackDefaults, readStack, removeStackMember, reorderStack, setStackPolicy } from '../../http/stacks';
import { keys } from '../../shared/query-keys';

export type StackChange =
  { kind: 'policy'; policy: StackPolicyBody } | { kind: 'remove'; decision: string } | { kind: 'reorder'; order: string[] };

export function useStack(id: string) {
  return useQuery({ queryKey: keys.stack(id), queryFn: () => readStack(id) });
}

async function send(id: string, change: StackChange): Promise<void> {
  if (change.kind === 'policy') await setStackPolicy(id, change.policy);
  else if (change.kind === 'remove') await removeStackMember(id, change.decision);
  else await reorderStack(id, change.order);
}

/** Its policy, a member moved or removed. */
export function useStackChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StackChange) => send(id, change),
    onSettled: () => client.refetchQueries({ queryKey: keys.stack(id) }),
  });
}

/** Every open advisory member answered with its default: which were, and which were skipped. */
export function useApplyStackDefaults(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => applyStackDefaults(id),
    onSettled: () => client.refetchQueries({ queryKey: keys.stack(id) }),
  });
}
