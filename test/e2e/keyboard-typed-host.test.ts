/**
 * Typed text never runs as shortcuts (issue 38 item 6), in Chromium, on host prompts and on the
 * decisions behind approval and escalation records: each key of the §6.17 map is pressed with
 * focus outside any field, then a sentence with every letter is typed; through the API nothing
 * changed but what the key itself rightly did. (Filed asks: keyboard-typed-filed.test.ts.)
 */
import type { Browser } from 'playwright-core';
import { describe, it } from 'vitest';
import { approvalRoutes } from '../../domain/routes/approvals';
import { escalationRoutes } from '../../domain/routes/escalations';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';
import { kindOf, type Me, PERMISSION_KEYS, pressEveryKey } from '../support/typed-keys';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

async function fileHostPrompts(me: Me) {
  const session = await me.session();
  const host = (body: Parameters<typeof me.send<typeof sessionRoutes.fileHostPrompt>>[1]['body']) =>
    me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body }).then((reply) => reply.decision.id);
  return {
    permission: await host({ kind: 'permission', tool: 'Bash', input: 'rm -rf build' }),
    denied: await host({ kind: 'permission', tool: 'Bash', input: 'git push --force' }),
    terminal: await host({ kind: 'terminal', question: 'Which branch?', options: ['main', 'develop'] }),
    terminalFact: await host({ kind: 'terminal', question: 'Which port should it use?' }),
  };
}

describe('typed text never runs as shortcuts (issue 38 item 6): host prompts and records', () => {
  it(
    'every key on a permission card, terminal questions, an approval record and an escalation, then a typed sentence',
    { timeout: 1_200_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const { permission, denied, terminal, terminalFact } = await fileHostPrompts(me);
      const { approval } = await me.send(approvalRoutes.proposeApproval, {
        body: { actionType: 'send_message', summary: 'Send the launch email to 4,000 customers' },
      });
      const { escalation } = await me.send(escalationRoutes.raiseEscalation, {
        body: {
          reasonCode: 'ambiguous_instructions',
          summary: 'Finance and ops each keep a supplier list, and they disagree on three suppliers.',
          mustDecide: 'Which supplier list is authoritative?',
        },
      });
      const page = await signedInPage(browser, cast.url, me.member.token);
      await pressEveryKey(me, page, cast.url, [
        kindOf('permission card', permission, { approval: true, permission: true, keys: PERMISSION_KEYS }),
        kindOf('permission card, n (Deny)', denied, { approval: true, permission: true, keys: ['n'] }),
        kindOf('terminal question with options', terminal),
        kindOf('terminal question', terminalFact, { field: true }),
        kindOf('approval record', approval.decisionId!, { approval: true }),
        kindOf('escalation', escalation.decisionId!, { field: true }),
      ]);
    },
  );
});
