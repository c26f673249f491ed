/**
 * Issue 40 item 3: email's messages say the same in plain text and HTML, and what an agent wrote
 * stays text (DESIGN §8: plain text, never markup) — escaped in the HTML, one line in the subject.
 * A long queue's digest lists the first lines and counts the rest.
 */
import { describe, expect, it } from 'vitest';
import { decisionWaitingEmail } from '../../notifier/templates/email/decision-waiting';
import { digestEmail, type DigestLine } from '../../notifier/templates/email/digest';

const base = {
  headline: 'A blocking decision waits for you: an agent is stopped until you answer.',
  subjectPrefix: 'Waiting on you',
  decisionId: 'sd-7',
  staleness: 'asked 5m ago',
  decisionUrl: 'https://cast.example.com/decisions/sd-7',
  unsubscribeUrl: 'https://cast.example.com/u/token',
};

describe('issue 40 item 3: email templates', () => {
  it('an agent’s text is escaped in the HTML and kept on one line in the subject', () => {
    const mail = decisionWaitingEmail({
      ...base,
      question: 'Ship <script>alert(1)</script>\nnow?',
      context: 'Use "prod" & <b>fast</b>',
      asks: [{ prompt: 'Which?', buttons: [{ label: '<img src=x>', url: 'https://cast.example.com/a/t"1' }] }],
    });
    expect(mail.subject).toBe('Waiting on you: Ship <script>alert(1)</script> now?');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>fast');
    expect(mail.html).not.toContain('<img src=x>');
    expect(mail.html).toContain('Ship &#60;script&#62;');
    expect(mail.html).toContain('href="https://cast.example.com/a/t&#34;1"');
    expect(mail.text).toContain('Use "prod" & <b>fast</b>');
    expect(mail.text).toContain('  <img src=x>: https://cast.example.com/a/t"1');
    expect(mail.text).toContain('Turn email off: https://cast.example.com/u/token');
    expect(mail.html).toContain('href="https://cast.example.com/u/token"');
  });

  it('a deadline’s note and an ask without buttons: the note is said, the ask is left to the page', () => {
    const mail = decisionWaitingEmail({
      ...base,
      question: 'Which plan?',
      context: null,
      note: 'It answers itself “Monthly” at 4 Dec 2026, 17:00 UTC unless you answer.',
      asks: [{ prompt: 'What is the budget code?', buttons: [] }],
    });
    expect(mail.text).toContain('It answers itself “Monthly” at 4 Dec 2026, 17:00 UTC unless you answer.');
    expect(mail.text).not.toContain('What is the budget code?');
    expect(mail.text).not.toContain('confirm');
    expect(mail.text).toContain('Open the decision: https://cast.example.com/decisions/sd-7');
  });

  it('a digest keeps the order it is given, marks blocking and stale lines, and counts what it does not list', () => {
    const line = (n: number, blocking: boolean): DigestLine => ({
      id: `sd-${n}`,
      question: `Question ${n}?`,
      summary: `Summary ${n}\nsecond line`,
      blocking,
      staleness: 'asked 3h ago, 0 messages since',
      stale: true,
      url: `https://cast.example.com/decisions/sd-${n}`,
    });
    const mail = digestEmail({
      cadence: 'hourly',
      lines: [line(1, true), line(2, false)],
      total: 1202,
      blocking: 1,
      queueUrl: 'https://cast.example.com/decisions',
      unsubscribeUrl: 'https://cast.example.com/u/token',
    });
    expect(mail.subject).toBe('Cast hourly digest: 1,202 decisions wait, 1 blocks an agent');
    expect(mail.text.indexOf('[blocking] Question 1?')).toBeLessThan(mail.text.indexOf('Question 2?'));
    expect(mail.text).toContain('  sd-1, asked 3h ago, 0 messages since (stale)');
    expect(mail.text).toContain('  Summary 1\n');
    expect(mail.text).not.toContain('second line');
    expect(mail.text).toContain('And 1,200 more.');
    expect(mail.html).toContain('And 1,200 more.');
  });
});
