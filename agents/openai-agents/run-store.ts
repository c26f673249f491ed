/**
 * Where a run waiting on Cast is kept between processes: its serialised `RunState` (the SDK's
 * own `state.toString()`), its conversation, and the cards its interruptions wait on. A
 * program gives its own store (a database table, a queue's payload) or takes the directory store,
 * one JSON file a run.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One interruption's card: the SDK's call id and the Cast decision that answers it. */
export type StoredCard = { callId: string; decisionId: string };

export type StoredRun = {
  /** The run's own id, chosen at its start. */
  id: string;
  /** The Cast session its cards are in; its later cards go there too. */
  session: string;
  scope?: string;
  /** `RunState.toString()` at the interruption. */
  state: string;
  cards: StoredCard[];
};

export interface RunStore {
  save(run: StoredRun): Promise<void>;
  list(): Promise<StoredRun[]>;
  /**
   * Takes the run out of the store for the caller alone: null when it is gone (another process
   * took it). A run taken is resumed once; one that stops again is saved again.
   */
  take(id: string): Promise<StoredRun | null>;
}

/** Run ids become file names: only what is safe in one. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,200}$/;

function fileOf(dir: string, id: string): string {
  if (!SAFE_ID.test(id) || id.startsWith('.'))
    throw new Error(`A run id is letters, digits, '.', '_' and '-' (at most 200): ${JSON.stringify(id)}.`);
  return join(dir, `${id}.json`);
}

/** One `<run id>.json` a run in `dir`; writes are atomic (a temporary file renamed), and `take` is a rename only one process wins. */
export function directoryRunStore(dir: string): RunStore {
  return {
    async save(run) {
      await mkdir(dir, { recursive: true });
      const file = fileOf(dir, run.id);
      const temporary = `${file}.${process.pid}.saving`;
      await writeFile(temporary, JSON.stringify(run), { mode: 0o600 });
      await rename(temporary, file);
    },
    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const runs = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map((name) =>
            readFile(join(dir, name), 'utf8').then(
              (text) => JSON.parse(text) as StoredRun,
              () => null,
            ),
          ),
      );
      return runs.filter((run): run is StoredRun => run !== null);
    },
    async take(id) {
      const file = fileOf(dir, id);
      const taken = `${file}.${process.pid}.taken`;
      try {
        await rename(file, taken);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const run = JSON.parse(await readFile(taken, 'utf8')) as StoredRun;
      await rm(taken, { force: true });
      return run;
    },
  };
}
