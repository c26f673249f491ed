/** Who is signed in on this browser, and signing in and out (`/auth/session`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInMember, signIn, signOut } from '../http/auth';
import type { Permission } from '../../../domain/permissions';
import { keys } from './query-keys';

/** The member signed in (with their role and its permissions), null when no one is; pending while the first check is out. */
export function useSignedIn() {
  return useQuery({ queryKey: keys.session, queryFn: signedInMember, staleTime: Infinity, gcTime: Infinity });
}

/**
 * Whether the person signed in holds `permission` (domain/permissions.ts names them): the page
 * hides what their role may not do rather than let the API refuse it. Permissions arrive with
 * the session, so this is the API's table, not a copy of it.
 */
export function useMay(permission: Permission): boolean {
  return useSignedIn().data?.permissions.includes(permission) ?? false;
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
