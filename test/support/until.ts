/** Reads until `done` holds or `ms` pass, then returns the last read (the caller's expect says why). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000, every = 150): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
