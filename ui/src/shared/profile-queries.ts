/** The signed-in person's profile: read once per sign-in; a change is written from its reply, not read again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeTimeZone, getProfile } from '../http/profile';

const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: getProfile, staleTime: Infinity });
}

export function useChangeTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeTimeZone,
    onSuccess: (member) => {
      client.setQueryData(profileKey, member);
      void client.invalidateQueries({ queryKey: ['members'] });
    },
  });
}
