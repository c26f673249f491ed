/** The health line's settings (FR-53): read for the band dialog and analytics, saved, shown again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HealthSettings } from '../../../../domain/health';
import { readHealthSettings, saveHealthSettings, showHealthLine } from '../../http/health-settings';
import { keys } from '../../shared/query-keys';

/** Read afresh each time it is opened: the dialog starts from the numbers as they are now. */
export function useHealthSettings() {
  return useQuery({ queryKey: keys.healthSettings, queryFn: readHealthSettings, refetchOnMount: 'always' });
}

/** A new band moves the line at once: the queue on screen reads afresh. */
export function useSaveHealthSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveHealthSettings,
    onSuccess: (settings) => {
      client.setQueryData(keys.healthSettings, settings);
      void client.invalidateQueries({ queryKey: keys.queue });
    },
  });
}

/** Analytics' "Show the health line again"; `saved` hands the settings back to the page that shows them. */
export function useShowHealthLine(saved: (settings: HealthSettings) => void) {
  return useMutation({ mutationFn: showHealthLine, onSuccess: saved });
}
