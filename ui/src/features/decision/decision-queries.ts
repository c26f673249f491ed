/**
 * One decision and what a person does to it from its detail pane: answer, undo, archive,
 * restore, run a failed restart again. Each change refreshes the queue on screen; the pane
 * then reads the decision afresh, or waits briefly for the restart's outcome.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerValue } from '../../../../domain/ask-schema';
import { answerAsk, archiveDecision, readDecision, restoreDecision, runNow, undoAnswer, type DecisionRead } from '../../http/decisions';
import { keys } from '../../shared/query-keys';

const DELIVERY_POLL_MS = 200;
const DELIVERY_WAIT_MS = 10_000;

export function useDecision(id: string) {
  return useQuery({ queryKey: keys.decision(id), queryFn: () => readDecision(id) });
}

export function useDecisionActions(id: string) {
  const client = useQueryClient();
  const read = { queryKey: keys.decision(id), queryFn: () => readDecision(id) };
  const changed = () => void client.invalidateQueries({ queryKey: keys.queue });

  /** The decision read afresh; a read that fails leaves what is on screen. */
  const reread = () => client.refetchQueries({ queryKey: read.queryKey, exact: true });

  /** The restart outcome is written just after the answer returns: read until it is there, for up to 10 s. */
  async function awaitDelivery(): Promise<DecisionRead> {
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    for (;;) {
      const fresh = await client.fetchQuery(read);
      if (fresh.decision.status !== 'resolved' || fresh.decision.delivery || Date.now() > deadline) return fresh;
      await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
    }
  }

  return {
    reread,
    awaitDelivery,
    answer: useMutation({
      mutationFn: ({ ask, value, reason }: { ask: number; value: AnswerValue; reason?: string }) => answerAsk(id, ask, value, reason),
      onSuccess: changed,
    }),
    undo: useMutation({ mutationFn: (ask: number) => undoAnswer(id, ask), onSuccess: changed }),
    archive: useMutation({ mutationFn: () => archiveDecision(id), onSuccess: changed }),
    restore: useMutation({ mutationFn: () => restoreDecision(id), onSettled: changed }),
    runNow: useMutation({ mutationFn: () => runNow(id) }),
  };
}
