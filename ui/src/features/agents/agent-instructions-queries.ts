/**
 * An agent's instructions editor: the agent, and — opened from a recurring decision
 * (`?draft=sd-N`, FR-57) — the rule drafted from that decision's latest answer. Saving writes
 * the instructions and nothing else (FR-58).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { readAgent, saveInstructions } from '../../http/agents';
import { readDecision } from '../../http/decisions';
import { keys } from '../../shared/query-keys';

/** What `?draft=` brought: a rule to add, one the instructions already hold, or nothing to add. */
export type Draft = { kind: 'added'; rule: string; question: string } | { kind: 'none' } | null;

async function readDraft(agentId: string, decisionId: string): Promise<Draft> {
  try {
    const { decision, detail } = await readDecision(decisionId);
    const rule = detail.recurring?.agent.id === agentId ? detail.recurring.draftRule : null;
    return rule ? { kind: 'added', rule, question: decision.question } : { kind: 'none' };
  } catch {
    return { kind: 'none' };
  }
}

async function openEditor(agentId: string, draftFrom: string | null) {
  const agent = await readAgent(agentId);
  let draft = draftFrom ? await readDraft(agent.id, draftFrom) : null;
  // Opening the same link again after saving does not add the rule twice.
  if (draft?.kind === 'added' && agent.instructions.includes(draft.rule)) draft = null;
  return { agent, draftFrom, draft };
}

export type OpenedEditor = Awaited<ReturnType<typeof openEditor>>;

export function useInstructionsEditor(agentId: string, draftFrom: string | null) {
  return useQuery({ queryKey: keys.instructions(agentId, draftFrom), queryFn: () => openEditor(agentId, draftFrom) });
}

/** Answers with the agent as saved. */
export function useSaveInstructions(agentId: string) {
  return useMutation({ mutationFn: (instructions: string) => saveInstructions(agentId, instructions) });
}
