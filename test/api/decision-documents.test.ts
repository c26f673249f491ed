/** A decision's report, body and option pages: stored, edited, and served sandboxed (DESIGN §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Ask } from '../../domain/ask-schema';
import { NOTE_SHORT_CONTEXT } from '../../domain/card-notes';
import { decisionRoutes } from '../../domain/routes/decisions';
import { world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const report = '<html><body><h1>Drop analysis</h1><script>parent.document.title = "owned"</script></body></html>';
const layoutAsk: z.input<typeof Ask> = { kind: 'decision', prompt: 'Which layout?', options: [{ label: 'Dense' }, { label: 'Roomy' }] };

/** Raw, where the headers a document is served with are what is under test. */
const get = (member: Member, path: string) => fetch(`${cast.url}${path}`, { headers: { authorization: `Bearer ${member.token}` } });
/** A document's text. */
const documentOf = (member: Member, id: string, name: string) =>
  cast.send(member.token, decisionRoutes.getDecisionDocument, { params: { id, name } });

describe('decision documents', () => {
  it('serves an HTML report sandboxed, so it cannot script the queue; a report silences the short-context note', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({
      question: 'Approve dropping agent_runs_v1?',
      context: 'Nothing wrote to it in 40 days.',
      asks: [layoutAsk],
      report,
    });
    expect(filed.body.card.notes).not.toContain(NOTE_SHORT_CONTEXT);
    const id = filed.body.decision.id;

    const response = await get(member, `/api/v1/decisions/${id}/documents/report`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Issue 39 item 8: same-origin only so the queue can measure its height; never a script.
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox allow-same-origin; default-src 'none';/);
    expect(response.headers.get('content-security-policy')).not.toMatch(/allow-scripts|script-src|allow-forms|allow-top-navigation/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(report);

    const terse = await me.file({ question: 'No report?', context: 'Short.', asks: [layoutAsk] });
    expect(terse.body.card.notes).toContain(NOTE_SHORT_CONTEXT);
  });

  it('serves the body as plain text and each option page sandboxed; edit replaces or removes them', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({
      question: 'Which layout?',
      context: 'Both pass review.',
      asks: [layoutAsk],
      doc: '# Layouts\n<b>not markup</b>',
      optionPages: [
        { option: 1, html: '<p>dense</p>' },
        { option: 2, html: '<p>roomy</p>' },
      ],
    });
    const id = filed.body.decision.id;
    const body = await get(member, `/api/v1/decisions/${id}/documents/doc`);
    expect(body.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await body.text()).toBe('# Layouts\n<b>not markup</b>');
    const roomy = await get(member, `/api/v1/decisions/${id}/documents/option-1-2`);
    expect(roomy.headers.get('content-security-policy')).toMatch(/^sandbox allow-same-origin; default-src 'none';/);
    expect(await roomy.text()).toBe('<p>roomy</p>');

    await me.send(decisionRoutes.editDecision, {
      params: { id },
      body: { optionPages: [{ option: 2, html: '<p>roomier</p>' }], doc: null },
    });
    expect(await documentOf(member, id, 'option-1-2')).toBe('<p>roomier</p>');
    expect(await documentOf(member, id, 'option-1-1')).toBe('<p>dense</p>');
    await expectProblem(documentOf(member, id, 'doc'), 404, 'not_found');
  });

  it('refuses an option page for an option that does not exist, and hides documents from other workspaces', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const bad = me.file({ question: 'Bad page?', context: 'x', asks: [layoutAsk], optionPages: [{ option: 3, html: '<p>?</p>' }] });
    await expectProblem(bad, 400, 'invalid_request');
    const filed = await me.file({ question: 'Mine', context: 'x', asks: [layoutAsk], report });
    const stranger = await cast.newMember();
    await expectProblem(documentOf(stranger, filed.body.decision.id, 'report'), 404, 'decision_not_found');
    await expectProblem(documentOf(member, filed.body.decision.id, 'option-1-9'), 404, 'not_found');
  });
});
