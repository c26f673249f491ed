/** The person's Slack link: read once, written from each change's reply. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMySlack, linkMySlack, unlinkMySlack } from '../../http/slack';

const slackKey = ['me', 'slack'] as const;

export function useMySlack() {
  return useQuery({ queryKey: slackKey, queryFn: getMySlack });
}

export function useLinkSlack() {
  const client = useQueryClient();
  return useMutation({ mutationFn: linkMySlack, onSuccess: (mine) => client.setQueryData(slackKey, mine) });
}

export function useUnlinkSlack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkMySlack,
    onSuccess: () =>
      client.setQueryData(slackKey, (mine: Awaited<ReturnType<typeof getMySlack>> | undefined) => mine && { ...mine, link: null }),
  });
}
