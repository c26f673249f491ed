/**
 * How late a stack's auto-default lands after its deadline: `members` advisory decisions
 * join a stack whose policy answers them after `seconds`; each lag is the recorded answer
 * time minus that member's deadline.
 */
import type { HttpClient } from './http-client';

type Decision = { id: string; stack: { deadline: string | null } | null; asks: Array<{ answer: { answeredAt: string; automatic?: true } | null }> };

export async function stackDeadlineLags(http: HttpClient, members = 100, seconds = 5): Promise<number[]> {
  const { stack } = await http.json<{ stack: { id: string } }>('POST', '/api/v1/stacks', { title: 'Deadline bench', autoDefaultSeconds: seconds });
  for (let start = 0; start < members; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, members - start) }, (_, offset) =>
        http.json('POST', '/api/v1/decisions', {
          question: `Deadline ${start + offset}?`,
          context: 'A benchmark member: advisory, with a default the stack applies at its deadline.',
          asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
          mode: 'advisory',
          defaultOption: 2,
          stack: stack.id,
        }),
      ),
    );
  }
  const until = Date.now() + (seconds + 60) * 1000;
  for (;;) {
    const view = await http.json<{ decisions: Decision[] }>('GET', `/api/v1/stacks/${stack.id}`);
    const answered = view.decisions.filter((decision) => decision.asks[0]?.answer?.automatic);
    if (answered.length === members || Date.now() > until) {
      return answered.map((decision) => Date.parse(decision.asks[0]!.answer!.answeredAt) - Date.parse(decision.stack!.deadline!));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
