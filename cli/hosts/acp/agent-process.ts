/**
 * The ACP agent Cast runs (`cast acp -- <command…>`): spawned with Cast's environment, its stdio
 * the ACP stream (newline-delimited JSON-RPC, the SDK's framing), its stderr Cast's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { ndJsonStream, type Stream } from '@agentclientprotocol/sdk';
import { CliError, Exit } from '../../output';

export type AgentProcess = { child: ChildProcess; stream: Stream; exited: Promise<number> };

export async function startAgent(command: string[]): Promise<AgentProcess> {
  const [program, ...args] = command;
  if (!program) throw new CliError('cast acp runs an agent: cast acp -- <agent command…>', Exit.usage, {}, 'usage');
  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(new CliError(`cast acp could not start ${program}: ${error.message}`, Exit.error, {}, 'agent_not_started')),
    );
  });
  const exited = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  // A write after the agent went away must not end Cast with EPIPE: its exit is reported instead.
  child.stdin!.on('error', () => undefined);
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
  );
  return { child, stream, exited };
}

/** The editor's side: Cast's own stdin and stdout, which carry the protocol and nothing else. */
export function editorStream(): Stream {
  // An editor gone mid-write must not end Cast before it has withdrawn its cards.
  process.stdout.on('error', () => undefined);
  return ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
}
