/**
 * Typed text never runs as shortcuts (issue 38 item 6), in Chromium, on the ask kinds an agent
 * files: each key of the §6.17 map is pressed with focus outside any field, then a sentence with
 * every letter is typed; through the API nothing changed but what the key itself rightly did, and
 * the page sent no other write. A key that opens a field puts the sentence there; a key that does
 * not apply says so. (Host prompts and records: keyboard-typed-host.test.ts.)
 */
import type { Browser } from 'playwright-core';
import { describe, it } from 'vitest';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { fileInOrder } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';
import { kindOf, pressEveryKey, TYPED_CONTEXT } from '../support/typed-keys';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

describe('typed text never runs as shortcuts (issue 38 item 6): filed asks', () => {
  it(
    'every key on a choice, approval, fact, access and action ask, then a typed sentence: nothing changes but what the key rightly did',
    { timeout: 1_200_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const filed = await fileInOrder(
        me,
        [
          { question: 'A choice?', asks: [tierAsk()] },
          { question: 'An approval?', asks: [approvalAsk()] },
          { question: 'A fact?', asks: [{ kind: 'fact', prompt: 'Which region?' }] },
          { question: 'An access grant?', asks: [accessAsk()] },
          { question: 'A manual action?', asks: [{ kind: 'action', prompt: 'Sign the supplier agreement.' }] },
        ],
        TYPED_CONTEXT,
      );
      const page = await signedInPage(browser, cast.url, me.member.token);
      await pressEveryKey(me, page, cast.url, [
        kindOf('choice', filed[0]!),
        kindOf('approval', filed[1]!, { approval: true }),
        kindOf('fact', filed[2]!, { field: true }),
        kindOf('access', filed[3]!),
        kindOf('action', filed[4]!),
      ]);
    },
  );
});
