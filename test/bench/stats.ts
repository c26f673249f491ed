export type Summary = { p50: number; p95: number; p99: number; mean: number };

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

/** Runs `fn` `count` times one after another and returns each duration in milliseconds. */
export async function timeEach(count: number, fn: (index: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await fn(index);
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Like `timeEach`, but starts one call every `intervalMs` (or at once, when the last one ran
 * over): a steady arrival rate, the same for every series compared with it.
 */
export async function timePaced(count: number, intervalMs: number, fn: (index: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let next = performance.now();
  for (let index = 0; index < count; index += 1) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    await fn(index);
    samples.push(performance.now() - started);
    next = started + intervalMs;
  }
  return samples;
}

/**
 * Times several series in turn, one call of each per round, each call started `intervalMs`
 * after the one before: whatever the machine is doing meanwhile falls on every series alike,
 * so their ratio compares the paths, not the moments they ran at.
 */
export async function timeInterleaved<const Series extends ReadonlyArray<(index: number) => Promise<unknown>>>(
  rounds: number,
  intervalMs: number,
  series: Series,
): Promise<{ [Which in keyof Series]: number[] }> {
  const samples = series.map(() => [] as number[]);
  await timePaced(rounds * series.length, intervalMs, async (call) => {
    const which = call % series.length;
    const started = performance.now();
    await series[which]!(Math.floor(call / series.length));
    samples[which]!.push(performance.now() - started);
  });
  return samples as { [Which in keyof Series]: number[] };
}
