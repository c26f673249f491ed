/**
 * A decision's assignment changes: each writes the reply into the decision's cache (issue 41
 * item 1; DESIGN §11 "an answer's reply is written into the cache") and reads the queue again,
 * whose "For me" it may move the decision in or out of.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assignment } from '../../../../domain/assignment';
import {
  changeAnswerSettings,
  claimDecision,
  createDelegation,
  endDelegation,
  listDelegations,
  readAnswerSettings,
  reassignDecision,
  releaseDecision,
} from '../../http/assignments';
import type { DecisionRead } from '../../http/decisions';
import { keys } from '../../shared/query-keys';

function useAssignmentChange<T>(id: string, change: (input: T) => Promise<Assignment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (assignment) => {
      client.setQueryData<DecisionRead>(keys.decision(id), (read) => (read ? { ...read, detail: { ...read.detail, assignment } } : read));
      void client.invalidateQueries({ queryKey: keys.queue });
    },
  });
}

export const useReassign = (id: string) => useAssignmentChange(id, (to: string | null) => reassignDecision({ id, to }));
export const useClaim = (id: string) => useAssignmentChange(id, () => claimDecision(id));
export const useRelease = (id: string) => useAssignmentChange(id, () => releaseDecision(id));

const answerSettingsKey = ['settings', 'answers'] as const;

export function useAnswerSettings() {
  return useQuery({ queryKey: answerSettingsKey, queryFn: readAnswerSettings });
}

export function useChangeAnswerSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeAnswerSettings, onSuccess: (settings) => client.setQueryData(answerSettingsKey, settings) });
}

const delegationsKey = ['delegations'] as const;

export function useDelegations() {
  return useQuery({ queryKey: delegationsKey, queryFn: listDelegations });
}

/** A delegation set or ended: the list is read again, and so is the queue, whose For me it changes. */
function useDelegationChange<T>(change: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: delegationsKey });
      void client.invalidateQueries({ queryKey: keys.queue });
    },
  });
}

export const useCreateDelegation = () => useDelegationChange(createDelegation);
export const useEndDelegation = () => useDelegationChange(endDelegation);
