/**
 * Issue 40's figure for the browser: a blocking decision filed → its push handed to the push
 * transport, P95 ≤ 1 s. Each sample files one blocking decision through the API and stops the
 * clock when the loopback push service (test/support/push-service.ts) has decrypted the push,
 * so the figure is an upper bound on the hand-off: it includes the notifier's wake-up by
 * LISTEN/NOTIFY, routing, the delivery claim, encryption and the HTTPS request on loopback.
 */
import { decisionRoutes } from '../../domain/routes/decisions';
import { pushRoutes } from '../../domain/routes/push';
import type { PushService } from '../support/push-service';
import { typedCallsOver } from '../support/typed-calls';
import type { Summary } from './stats';

export async function pushHandoffs(api: { url: string; token: string }, service: PushService, samples: number): Promise<number[]> {
  const calls = typedCallsOver(api.url);
  const browser = service.subscribe();
  await calls.send(api.token, pushRoutes.addPushSubscription, { body: browser });
  const file = (n: number) =>
    calls.send(api.token, decisionRoutes.fileDecision, {
      body: {
        question: `Push bench ${n}?`,
        context: 'A benchmark decision: blocking, so its member gets a push.',
        asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
        mode: 'blocking',
      },
    });
  const received = () => service.received.filter((push) => push.endpoint === browser.endpoint).length;
  const arrival = async (count: number, until: number) => {
    while (received() < count) {
      if (performance.now() > until) return null;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return performance.now();
  };
  // A first push, untimed: whatever the notifier still had to hand on from earlier parts goes first.
  await file(0);
  await arrival(1, performance.now() + 120_000);
  const times: number[] = [];
  for (let n = 1; n <= samples; n += 1) {
    const before = received();
    const started = performance.now();
    await file(n);
    const at = await arrival(before + 1, started + 30_000);
    if (at !== null) times.push(at - started);
  }
  return times;
}

export function pushRow(summary: Summary, got: number, samples: number, times: (summary: Summary) => string, met: (ok: boolean) => string) {
  return `| decision filed → push handed to the push service (Web Push, loopback; ${got} of ${samples}) | ${times(summary)} | P95 ≤ 1 s | ${met(got === samples && summary.p95 <= 1000)} |`;
}
