/** Who is signed in on this browser, and signing in and out (`/auth/session`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInMember, signIn, signOut } from '../http/auth';
import { keys } from './keys';

/** The member signed in, null when no one is; pending while the first check is out. */
export function useSignedIn() {
  return useQuery({ queryKey: keys.session, queryFn: signedInMember, staleTime: Infinity, gcTime: Infinity });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (memberId) => client.setQueryData(keys.session, memberId),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => client.setQueryData(keys.session, null),
  });
}
