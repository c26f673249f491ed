/** What `cast decide ls` does: lists the session's decisions, and says which open ones went stale. */
import { STALE_HINT } from '../../../domain/staleness';
import { bold, emit } from '../../output';
import { answerLine, answerOf, answersJson, approvalCount, approvalCountWords } from './present';
import { connect, sessionDecisions, sessionOf } from './target';

/** Issue 41: an approval that needs several people says how many have approved so far. */
function counted(decision: Parameters<typeof approvalCountWords>[0]): string {
  const words = approvalCountWords(decision);
  return words ? `, ${words}` : '';
}

export async function run(opts: { json?: boolean }): Promise<void> {
  const session = sessionOf();
  const entries = await sessionDecisions(connect(), session);
  const lines = entries.length === 0 ? [`No decisions in session ${session}.`] : [];
  for (const { decision, askedAgo, messagesSince, stale } of entries) {
    const state =
      decision.status === 'open'
        ? `open, asked ${askedAgo}, ${messagesSince} messages since${stale ? ' — stale' : ''}${counted(decision)}`
        : decision.status === 'resolved'
          ? `answered: ${answerLine(decision)}`
          : decision.status;
    lines.push(`${bold(decision.id)}: ${decision.question} — ${state}`);
  }
  const staleOnes = entries.filter((entry) => entry.stale).map((entry) => entry.decision.id);
  if (staleOnes.length > 0) {
    lines.push(`${STALE_HINT} (${staleOnes.map((id) => `cast decide cancel ${id} or cast decide edit ${id}`).join('; ')})`);
  }
  emit(Boolean(opts.json), lines, {
    decisions: entries.map(({ decision, messagesSince, stale }) => ({
      id: decision.id,
      state: decision.status,
      question: decision.question,
      answer: answerOf(decision),
      answers: answersJson(decision),
      // Only on an approval that needs several people: other decisions' JSON is as it was.
      ...(approvalCount(decision) ? { approvals: approvalCount(decision) } : {}),
      askedAt: decision.createdAt,
      messagesSince,
      stale,
    })),
  });
}
