/** Settings' Teams: the list, read on arrival, and the changes that read it again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addTeamMember, createTeam, listTeams, removeTeamMember } from '../../http/teams';

const teamKeys = { all: ['teams'] as const };

export function useTeams() {
  return useQuery({ queryKey: teamKeys.all, queryFn: listTeams });
}

function useTeamChange<T>(change: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => void client.invalidateQueries({ queryKey: teamKeys.all }) });
}

export const useCreateTeam = () => useTeamChange(createTeam);
export const useAddTeamMember = () => useTeamChange(addTeamMember);
export const useRemoveTeamMember = () => useTeamChange(removeTeamMember);
