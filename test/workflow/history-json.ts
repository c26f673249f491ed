/**
 * Workflow histories to and from their JSON form (the one `temporal workflow show -o json`
 * writes), for the replay test and its recorder.
 *
 * Why not the SDK's `historyToJSON` / `historyFromJSON`: in this install `@temporalio/common`
 * and `@temporalio/proto` each carry their own copy of protobufjs 8 (the top level holds 7 for
 * another package), and those helpers hand one copy's types to the other's JSON codec, which
 * throws "type must be a Type". Here the codec is taken from the copy `@temporalio/proto` uses.
 */
import type { History } from '@temporalio/common/lib/proto-utils';
import type * as Proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import { createRequire } from 'node:module';

type Codec = {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): unknown;
};

// Both loaded as CommonJS, so the root is the module itself and not an ES namespace around it.
const require = createRequire(import.meta.url);
const proto = require('@temporalio/proto') as typeof Proto;
const codec = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as Codec;
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType(
  'temporal.api.history.v1.History',
);
const HistoryMessage = proto.temporal.api.history.v1.History;

export function historyToJson(history: History): string {
  return `${JSON.stringify(codec.toJson(historyType, HistoryMessage.fromObject(history)), null, 1)}\n`;
}

/** Unknown fields (from a newer server) are ignored, as the SDK's own reader does. */
export function historyFromJson(json: unknown): History {
  return codec.fromJson(historyType, json, { ignoreUnknownFields: true }) as History;
}
