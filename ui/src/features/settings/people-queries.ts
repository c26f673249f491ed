/**
 * The Settings page's reads and writes: members and tokens. Lists are read afresh on arrival
 * (the query client keeps nothing off screen), so "last used" is as of the page load; a mint
 * or a revocation reads the list again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addMember, createToken, listMembers, listTokens, revokeToken } from '../../http/people';
import { keys } from '../../shared/query-keys';

// Kept here rather than in keys.ts: only this page reads them.
const peopleKeys = {
  members: ['members'] as const,
  tokens: ['tokens'] as const,
  tokenList: (revoked: boolean) => ['tokens', revoked] as const,
};

export function useMembers() {
  return useQuery({ queryKey: peopleKeys.members, queryFn: listMembers });
}

/** Ticking "Show revoked" keeps the table on screen while the longer list is read. */
export function useTokens(showRevoked: boolean) {
  return useQuery({
    queryKey: peopleKeys.tokenList(showRevoked),
    queryFn: () => listTokens(showRevoked),
    placeholderData: keepPreviousData,
  });
}

/** A new member comes with a person token: both lists change. */
export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.members });
      void client.invalidateQueries({ queryKey: peopleKeys.tokens });
    },
  });
}

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createToken, onSuccess: () => void client.invalidateQueries({ queryKey: peopleKeys.tokens }) });
}

/**
 * Revoking a token of the person signed in may end this very browser session (sessions end with
 * the token they were opened with): asking who is signed in again shows the sign-in page then.
 */
export function useRevokeToken(me: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: (token) => {
      void client.invalidateQueries({ queryKey: peopleKeys.tokens });
      if (token.kind === 'person' && token.memberId === me) void client.invalidateQueries({ queryKey: keys.session });
    },
  });
}
