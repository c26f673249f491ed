/**
 * How late a stack's auto-default lands after its deadline: `members` advisory decisions
 * join a stack whose policy answers them after `seconds`; each lag is the recorded answer
 * time minus that member's deadline.
 */
type Decision = { id: string; stack: { deadline: string | null } | null; asks: Array<{ answer: { answeredAt: string; automatic?: true } | null }> };

export async function stackDeadlineLags(apiUrl: string, headers: Record<string, string>, members = 100, seconds = 5): Promise<number[]> {
  const post = async (path: string, body: unknown) => {
    const reply = await fetch(`${apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`stack deadlines: POST ${path} answered ${reply.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  };
  const { stack } = (await post('/api/v1/stacks', { title: 'Deadline bench', autoDefaultSeconds: seconds })) as { stack: { id: string } };
  for (let start = 0; start < members; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, members - start) }, (_, offset) =>
        post('/api/v1/decisions', {
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
    const view = (await fetch(`${apiUrl}/api/v1/stacks/${stack.id}`, { headers }).then((r) => r.json())) as { decisions: Decision[] };
    const answered = view.decisions.filter((decision) => decision.asks[0]?.answer?.automatic);
    if (answered.length === members || Date.now() > until) {
      return answered.map((decision) => Date.parse(decision.asks[0]!.answer!.answeredAt) - Date.parse(decision.stack!.deadline!));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
