/** The Rules page's reads and writes: the list, read on arrival, each rule's hits when opened, and the changes that read them again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createRule, disableRule, listRuleHits, listRules, testRule, updateRule } from '../../http/rules';

const ruleKeys = { all: ['rules'] as const, hits: (id: string) => ['rules', id, 'hits'] as const };

export function useRules() {
  return useQuery({ queryKey: ruleKeys.all, queryFn: listRules });
}

export function useRuleHits(id: string, open: boolean) {
  return useQuery({ queryKey: ruleKeys.hits(id), queryFn: () => listRuleHits(id), enabled: open });
}

function useRuleChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => void client.invalidateQueries({ queryKey: ruleKeys.all }) });
}

export const useCreateRule = () => useRuleChange(createRule);
export const useUpdateRule = () => useRuleChange(updateRule);
export const useDisableRule = () => useRuleChange(disableRule);
export const useTestRule = () => useMutation({ mutationFn: testRule });
