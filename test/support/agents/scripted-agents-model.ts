/**
 * A stand-in for the model behind an OpenAI Agents SDK agent: the SDK's `Model` interface,
 * answering from what it is given rather than from a turn count, so a fresh instance in a
 * "restarted" process carries on where the first left off. Given no tool result yet, it calls
 * `delete_file` once; given one, it says "Done.". Every input it was given is kept.
 */
import { Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';

export class ScriptedAgentsModel implements Model {
  readonly inputs: string[] = [];
  constructor(private readonly path = 'notes/old.md') {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.inputs.push(JSON.stringify(request.input));
    const items = Array.isArray(request.input) ? request.input : [];
    const answered = items.some((item) => item.type === 'function_call_result');
    return {
      usage: new Usage(),
      output: answered
        ? [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] }]
        : [
            {
              type: 'function_call',
              id: 'fc-1',
              callId: 'call-1',
              name: 'delete_file',
              arguments: JSON.stringify({ path: this.path }),
              status: 'completed',
            },
          ],
    };
  }

  // eslint-disable-next-line require-yield -- the tests run without streaming
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('The scripted model does not stream.');
  }
}
