/** The reminder settings' read and write (issue 40 items 7, 8); a save writes its reply into the cache. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readReminderSettings, saveReminderSettings } from '../../http/reminder-settings';

const reminderKeys = { settings: ['reminder-settings'] as const };

export function useReminderSettings() {
  return useQuery({ queryKey: reminderKeys.settings, queryFn: readReminderSettings });
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (settings) => client.setQueryData(reminderKeys.settings, settings),
  });
}
