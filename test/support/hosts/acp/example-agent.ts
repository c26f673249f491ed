#!/usr/bin/env node
/*
 * The ACP SDK's example agent, the ACP agent Cast's ACP tests drive (issue 43 item 3): it
 * streams a turn and asks its client `session/request_permission` with no model at all.
 *
 * Provenance: agentclientprotocol/typescript-sdk, src/examples/agent.ts (the npm package leaves
 * dist/examples out), at v0.12.0 (4d5f0de) and the later revision 84dfb61; ported to the app API
 * of @agentclientprotocol/sdk 2.4.0 (`acp.agent().onRequest(…)`), which the repository's example
 * had not caught up with. Cast's changes, each marked "Cast:": the permission also offers
 * `allow_always` (the example offers allow_once and reject_once only, and ACP's "always" is what
 * Cast keeps as a rule), and the simulated model's pause is ACP_EXAMPLE_PAUSE_MS (default 1000,
 * the example's) so the tests do not wait a second five times a turn.
 *
 * Copyright Zed Industries. Licensed under the Apache License, Version 2.0 (the "License"); you
 * may not use this file except in compliance with the License. You may obtain a copy of the
 * License at http://www.apache.org/licenses/LICENSE-2.0. Unless required by applicable law or
 * agreed to in writing, software distributed under the License is distributed on an "AS IS"
 * BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 * License for the specific language governing permissions and limitations under the License.
 */
import * as acp from '@agentclientprotocol/sdk';
import { Readable, Writable } from 'node:stream';

interface AgentSession {
  pendingPrompt: AbortController | null;
}

// Cast: the simulated model's pause, shortened by the tests.
const PAUSE_MS = Number(process.env.ACP_EXAMPLE_PAUSE_MS ?? 1000);

class ExampleAgent {
  private sessions = new Map<string, AgentSession>();

  async initialize(_params: acp.InitializeRequest): Promise<acp.InitializeResponse> {
    return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: false,
      },
    };
  }

  async newSession(_params: acp.NewSessionRequest): Promise<acp.NewSessionResponse> {
    const sessionId = Array.from(crypto.getRandomValues(new Uint8Array(16)))
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');

    this.sessions.set(sessionId, {
      pendingPrompt: null,
    });

    return {
      sessionId,
    };
  }

  async prompt(params: acp.PromptRequest, cx: acp.AgentContext): Promise<acp.PromptResponse> {
    const session = this.sessions.get(params.sessionId);

    if (!session) {
      throw new Error(`Session ${params.sessionId} not found`);
    }

    session.pendingPrompt?.abort();
    session.pendingPrompt = new AbortController();

    try {
      await this.simulateTurn(params.sessionId, session.pendingPrompt.signal, cx);
    } catch (err) {
      if (session.pendingPrompt.signal.aborted) {
        return { stopReason: 'cancelled' };
      }

      throw err;
    }

    session.pendingPrompt = null;

    return {
      stopReason: 'end_turn',
    };
  }

  private async simulateTurn(sessionId: string, abortSignal: AbortSignal, cx: acp.AgentContext): Promise<void> {
    const update = (update: acp.SessionUpdate) => cx.notify('session/update', { sessionId, update });
    // Send initial text chunk
    await update({
      sessionUpdate: 'agent_message_chunk',
      content: {
        type: 'text',
        text: "I'll help you with that. Let me start by reading some files to understand the current situation.",
      },
    });

    await this.simulateModelInteraction(abortSignal);

    // Send a tool call that doesn't need permission
    await update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'Reading project files',
      kind: 'read',
      status: 'pending',
      locations: [{ path: '/project/README.md' }],
      rawInput: { path: '/project/README.md' },
    });

    await this.simulateModelInteraction(abortSignal);

    // Update tool call to completed
    await update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1',
      status: 'completed',
      content: [
        {
          type: 'content',
          content: {
            type: 'text',
            text: '# My Project\n\nThis is a sample project...',
          },
        },
      ],
      rawOutput: { content: '# My Project\n\nThis is a sample project...' },
    });

    await this.simulateModelInteraction(abortSignal);

    // Send more text
    await update({
      sessionUpdate: 'agent_message_chunk',
      content: {
        type: 'text',
        text: ' Now I understand the project structure. I need to make some changes to improve it.',
      },
    });

    await this.simulateModelInteraction(abortSignal);

    // Send a tool call that DOES need permission
    await update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_2',
      title: 'Modifying critical configuration file',
      kind: 'edit',
      status: 'pending',
      locations: [{ path: '/project/config.json' }],
      rawInput: {
        path: '/project/config.json',
        content: '{"database": {"host": "new-host"}}',
      },
    });

    // Request permission for the sensitive operation
    const permissionResponse = await cx.request('session/request_permission', {
      sessionId,
      toolCall: {
        toolCallId: 'call_2',
        title: 'Modifying critical configuration file',
        kind: 'edit',
        status: 'pending',
        locations: [{ path: '/home/user/project/config.json' }],
        rawInput: {
          path: '/home/user/project/config.json',
          content: '{"database": {"host": "new-host"}}',
        },
      },
      options: [
        {
          kind: 'allow_once',
          name: 'Allow this change',
          optionId: 'allow',
        },
        // Cast: ACP's "always", which Cast keeps as a rule.
        {
          kind: 'allow_always',
          name: 'Always allow this change',
          optionId: 'allow-always',
        },
        {
          kind: 'reject_once',
          name: 'Skip this change',
          optionId: 'reject',
        },
      ],
    });

    if (permissionResponse.outcome.outcome === 'cancelled') {
      return;
    }

    switch (permissionResponse.outcome.optionId) {
      // Cast: always-allow runs the change as allow does.
      case 'allow':
      case 'allow-always': {
        await update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'call_2',
          status: 'completed',
          rawOutput: { success: true, message: 'Configuration updated' },
        });

        await this.simulateModelInteraction(abortSignal);

        await update({
          sessionUpdate: 'agent_message_chunk',
          content: {
            type: 'text',
            text: " Perfect! I've successfully updated the configuration. The changes have been applied.",
          },
        });
        break;
      }
      case 'reject': {
        await this.simulateModelInteraction(abortSignal);

        await update({
          sessionUpdate: 'agent_message_chunk',
          content: {
            type: 'text',
            text: " I understand you prefer not to make that change. I'll skip the configuration update.",
          },
        });
        break;
      }
      default:
        throw new Error(`Unexpected permission outcome ${JSON.stringify(permissionResponse.outcome)}`);
    }
  }

  private simulateModelInteraction(abortSignal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        // In a real agent, you'd pass this abort signal to the LLM client
        if (abortSignal.aborted) {
          reject(new Error('aborted'));
        } else {
          resolve();
        }
      }, PAUSE_MS),
    );
  }

  async cancel(params: acp.CancelNotification): Promise<void> {
    this.sessions.get(params.sessionId)?.pendingPrompt?.abort();
  }
}

const input = Writable.toWeb(process.stdout) as WritableStream<Uint8Array>;
const output = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;

const stream = acp.ndJsonStream(input, output);
const example = new ExampleAgent();

acp
  .agent({ name: 'example-agent' })
  .onRequest('initialize', ({ params }) => example.initialize(params))
  .onRequest('session/new', ({ params }) => example.newSession(params))
  .onRequest('authenticate', () => ({}))
  .onRequest('session/prompt', ({ params, client }) => example.prompt(params, client))
  .onNotification('session/cancel', ({ params }) => example.cancel(params))
  .connect(stream);
