/**
 * How late a stack's auto-default lands after its deadline: `members` advisory decisions
 * join a stack whose policy answers them after `seconds`; each lag is the recorded answer
 * time minus that member's deadline.
 */
import { decisionRoutes } from '../../domain/routes/decisions';
import { stackRoutes } from '../../domain/routes/stacks';
import { typedCallsOver, type InputOf } from '../support/typed-calls';
import type { RouteContract } from '../../domain/routes/route';

/** Set-up and polling, not timed: typed calls (the lag is read from the answers' own times). */
export async function stackDeadlineLags(api: { url: string; token: string }, members = 100, seconds = 5): Promise<number[]> {
  const calls = typedCallsOver(api.url);
  const send = <C extends RouteContract>(route: C, ...input: InputOf<C>) => calls.send(api.token, route, ...input);
  const { stack } = await send(stackRoutes.createStack, { body: { title: 'Deadline bench', autoDefaultSeconds: seconds } });
  for (let start = 0; start < members; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, members - start) }, (_, offset) =>
        send(decisionRoutes.fileDecision, {
          body: {
            question: `Deadline ${start + offset}?`,
            context: 'A benchmark member: advisory, with a default the stack applies at its deadline.',
            asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
            mode: 'advisory',
            defaultOption: 2,
            stack: stack.id,
          },
        }),
      ),
    );
  }
  const until = Date.now() + (seconds + 60) * 1000;
  for (;;) {
    const view = await send(stackRoutes.getStack, { params: { id: stack.id } });
    const answered = view.decisions.filter((decision) => decision.asks[0]?.answer?.automatic);
    if (answered.length === members || Date.now() > until) {
      return answered.map((decision) => Date.parse(decision.asks[0]!.answer!.answeredAt) - Date.parse(decision.stack!.deadline!));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
