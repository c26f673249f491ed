/**
 * Sustained load (DESIGN §7: ≥ 50 decisions filed/s and ≥ 100 answers/s on one 2-core
 * machine, with no error): requests are started on a fixed schedule (open loop), whatever
 * the earlier ones are doing, and the achieved rate is what completed per second of wall time.
 */
type Load = { offered: number; completed: number; errors: number; seconds: number; rate: number };

export async function openLoop(perSecond: number, count: number, send: (index: number) => Promise<Response>): Promise<Load> {
  const started = performance.now();
  let completed = 0;
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send(index).then(
        async (response) => {
          const text = await response.text();
          if (response.ok) completed += 1;
          else {
            errors += 1;
            if (process.env.BENCH_ERRORS) process.stderr.write(`${response.status} ${text}\n`);
          }
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return { offered: perSecond, completed, errors, seconds, rate: completed / seconds };
}

export async function sustainedLoad(apiUrl: string, headers: Record<string, string>, seconds = 10) {
  const ids: string[] = [];
  const filing = await openLoop(50, 50 * seconds, (index) =>
    fetch(`${apiUrl}/api/v1/decisions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        question: `Sustained ${index}?`,
        context: 'Load test: a decision filed at a steady rate alongside many others.',
        asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold', recommended: true }] }],
      }),
    }).then(async (response) => {
      if (response.ok) ids.push(((await response.clone().json()) as { decision: { id: string } }).decision.id);
      return response;
    }),
  );
  const answering = await openLoop(100, ids.length, (index) =>
    fetch(`${apiUrl}/api/v1/decisions/${ids[index]}/asks/1/answer`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ answer: { kind: 'decision', selected: [2] } }),
    }),
  );
  return { filing, answering };
}
