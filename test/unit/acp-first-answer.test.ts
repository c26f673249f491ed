/**
 * Issue 43 item 2: the first answer wins between Cast and the editor, for permission requests and
 * agent questions alike, and the agent always gets exactly one answer. The ends the host tests
 * cannot reach with a real agent and a real editor on cue: the editor failing after Cast failed
 * (or before), and the agent calling its own request off with `$/cancel_request`.
 */
import type { AnyMessage, AnyRequest } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { FirstAnswer, type Asking, type CastVerdict } from '../../cli/hosts/acp/first-answer';

const REQUEST: AnyRequest = { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { sessionId: 's-1' } };

/** A tracker with an editor, and a Cast whose verdict the test gives when it likes. */
function world() {
  const toAgent: AnyMessage[] = [];
  const toEditor: AnyMessage[] = [];
  const said: string[] = [];
  const questions = new FirstAnswer({
    toAgent: async (message) => void toAgent.push(message),
    toEditor: async (message) => void toEditor.push(message),
    say: (line) => said.push(line),
  });
  let castSays: (verdict: CastVerdict) => void = () => undefined;
  let castSignal: AbortSignal | undefined;
  const asking: Asking = {
    sessionId: 's-1',
    editorToo: true,
    calledOff: (why) => ({ action: 'cancel', why }),
    refused: (why) => ({ action: 'decline', why }),
    refusedWords: 'the agent hears decline',
    viaCast: (signal) => {
      castSignal = signal;
      return new Promise((resolve) => (castSays = resolve));
    },
  };
  questions.open(REQUEST, asking);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    questions,
    toAgent,
    toEditor,
    said,
    castSays: (verdict: CastVerdict) => castSays(verdict),
    castSignal: () => castSignal!,
    settle,
  };
}

describe('issue 43: the first answer wins, and the agent gets exactly one', () => {
  it('Cast could not ask, then the editor failed too: the agent hears the refusal, once', async () => {
    const w = world();
    expect(w.toEditor).toEqual([REQUEST]);
    w.castSays({ failed: 'Cast could not be asked: connect ECONNREFUSED' });
    await w.settle();
    expect(w.said).toEqual(['cast: Cast could not be asked: connect ECONNREFUSED; the editor asks instead.']);
    expect(w.toAgent).toEqual([]);
    expect(w.questions.editorAnswered({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'boom' } })).toBe(true);
    await w.settle();
    expect(w.toAgent).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        result: { action: 'decline', why: 'Cast could not be asked: connect ECONNREFUSED, and the editor did not answer' },
      },
    ]);
  });

  it('the editor failed first, then Cast could not ask: the agent hears the refusal', async () => {
    const w = world();
    w.questions.editorAnswered({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'bad params' } });
    w.castSays({ failed: 'Cast could not be asked: not signed in' });
    await w.settle();
    expect(w.said).toEqual(['cast: Cast could not be asked: not signed in; the agent hears decline.']);
    expect(w.toAgent).toEqual([{ jsonrpc: '2.0', id: 7, result: { action: 'decline', why: 'Cast could not be asked: not signed in' } }]);
  });

  it('the agent calls its request off: it hears the called-off answer, the card and the editor’s copy are called off', async () => {
    const w = world();
    expect(w.questions.agentCalledOff(7)).toBe(true);
    await w.settle();
    expect(w.castSignal().aborted).toBe(true);
    expect(w.toAgent).toEqual([{ jsonrpc: '2.0', id: 7, result: { action: 'cancel', why: 'The agent called its request off.' } }]);
    expect(w.toEditor.at(-1)).toEqual({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 7 } });
    // The editor's late answer is dropped; Cast's verdict after the fact too.
    expect(w.questions.editorAnswered({ jsonrpc: '2.0', id: 7, result: { action: 'accept' } })).toBe(true);
    w.castSays({ result: { action: 'accept' } });
    await w.settle();
    expect(w.toAgent).toHaveLength(1);
    expect(w.questions.agentCalledOff(7)).toBe(false);
  });

  it('Cast answers first: the agent hears Cast, the editor is called off and its late answer dropped', async () => {
    const w = world();
    w.castSays({ result: { action: 'accept', content: { n: 1 } } });
    await w.settle();
    expect(w.toAgent).toEqual([{ jsonrpc: '2.0', id: 7, result: { action: 'accept', content: { n: 1 } } }]);
    expect(w.toEditor.at(-1)).toEqual({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 7 } });
    expect(w.questions.editorAnswered({ jsonrpc: '2.0', id: 7, result: { action: 'decline' } })).toBe(true);
    await w.settle();
    expect(w.toAgent).toHaveLength(1);
  });
});
