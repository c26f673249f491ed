/** The approval settings' read and write (issue 41 items 3, 4); a save writes its reply into the cache. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readApprovalSettings, saveApprovalSettings } from '../../http/approval-settings';

const approvalKeys = { settings: ['approval-settings'] as const };

export function useApprovalSettings() {
  return useQuery({ queryKey: approvalKeys.settings, queryFn: readApprovalSettings });
}

export function useSaveApprovalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveApprovalSettings,
    onSuccess: (settings) => client.setQueryData(approvalKeys.settings, settings),
  });
}
