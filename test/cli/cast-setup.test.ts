/**
 * Getting an agent onto Cast from a shell: `cast login`, `cast install decide`, the default
 * session, who may do what (exit 4), and the executable itself.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../runtime/free-port';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { CAST_BIN, castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const CONTEXT =
  'A context long enough to answer from: the nightly export fails on rows over 1 MB, and either splitting or skipping them unblocks it today.';

describe('cast login', () => {
  it('stores the URL and a token read from stdin in a 0600 config file, never echoing the token, and later commands use it', async () => {
    const member = await cast.newMember();
    const shell = castShell({ url: cast.url, token: member.token });
    const signedOut = { CAST_URL: undefined, CAST_TOKEN: undefined };
    const login = await shell.run(['login', '--url', cast.url, '--token', '-'], { input: `${member.token}\n`, env: signedOut });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Signed in to ${cast.url}`);
    expect(`${login.stdout}${login.stderr}`).not.toContain(member.token);
    const config = shell.env.CAST_CONFIG!;
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({ url: cast.url, token: member.token });

    const filed = await shell.run(['decide', 'Split or skip?', '-o', 'Split', '-o', 'Skip', '--context', CONTEXT, '--json'], {
      env: signedOut,
    });
    expect(filed.code, filed.stderr).toBe(0);
    expect(jsonOf(filed)).toMatchObject({ state: 'open' });
  });

  it('refuses a token Cast does not accept (exit 4) and writes nothing', async () => {
    const shell = castShell({ url: cast.url, token: 'unused' });
    const login = await shell.run(['login', '--url', cast.url, '--token', 'not-a-real-token-at-all', '--json']);
    expect(login.code).toBe(4);
    expect(login.stdout).not.toContain('not-a-real-token-at-all');
    expect(existsSync(shell.env.CAST_CONFIG!)).toBe(false);
  });
});

describe('errors', () => {
  it('a Cast that cannot be reached is exit 1, with a message that says where it looked', async () => {
    const member = await cast.newMember();
    const shell = castShell({ url: `http://127.0.0.1:${await freePort()}`, token: member.token });
    const run = await shell.run(['decide', 'ls', '--json']);
    expect(run.code).toBe(1);
    const body = jsonOf<{ error: { message: string } }>(run);
    expect(body.error.message).toContain('127.0.0.1');
  });
});

describe('who may do what', () => {
  it('with no config and no environment the CLI says to sign in (exit 4)', async () => {
    const shell = castShell({ url: cast.url, token: 'unused' });
    const run = await shell.run(['decide', 'ls', '--json'], { env: { CAST_URL: undefined, CAST_TOKEN: undefined } });
    expect(run.code).toBe(4);
    expect(jsonOf(run)).toMatchObject({ error: { code: 'not_signed_in' } });
    expect(run.stderr).toContain('cast login');
  });

  it('a refused token, and a session another member owns, are exit 4', async () => {
    const alice = await cast.newMember();
    const bob = await colleagueOf(cast.pool, alice, 'Bob');
    const aliceShell = castShell({ url: cast.url, token: alice.token });
    expect((await aliceShell.run(['decide', 'Split or skip?', '-o', 'Split', '-o', 'Skip', '--context', CONTEXT])).code).toBe(0);
    const bobInAlicesSession = castShell({ url: cast.url, token: bob.token, session: aliceShell.session });
    const [ls, file, refused] = await Promise.all([
      bobInAlicesSession.run(['decide', 'ls']),
      bobInAlicesSession.run(['decide', 'Mine?', '-o', 'Yes', '-o', 'No', '--context', CONTEXT]),
      castShell({ url: cast.url, token: 'revoked-or-never-issued-token' }).run(['decide', 'ls']),
    ]);
    expect([ls.code, file.code, refused.code]).toEqual([4, 4, 4]);
    expect(refused.stderr).toContain('cast login');
  });

  it('with CAST_SESSION unset, uses one stable default session per member and machine and says so on stderr', async () => {
    const member = await cast.newMember();
    const shell = castShell({ url: cast.url, token: member.token });
    const unset = { CAST_SESSION: undefined };
    const filed = await shell.run(['decide', 'Split or skip?', '-o', 'Split', '-o', 'Skip', '--context', CONTEXT, '--json'], {
      env: unset,
    });
    expect(filed.code, filed.stderr).toBe(0);
    expect(filed.stderr).toMatch(/CAST_SESSION is not set; using this machine's default session cli-/);
    expect(filed.stderr.match(/CAST_SESSION/g)).toHaveLength(1);
    const listed = jsonOf<{ decisions: Array<{ id: string }> }>(await shell.run(['decide', 'ls', '--json'], { env: unset }));
    expect(listed.decisions.map((decision) => decision.id)).toEqual([jsonOf<{ id: string }>(filed).id]);
  });
});

describe('cast install decide', () => {
  it('writes one marked snippet into AGENTS.md; a second run replaces it instead of duplicating it', async () => {
    const shell = castShell({ url: cast.url, token: 'unused' });
    const agents = join(shell.dir, 'AGENTS.md');
    writeFileSync(agents, '# Project rules\n\nUse tabs.\n');
    const first = await shell.run(['install', 'decide']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('AGENTS.md (added)');
    const once = readFileSync(agents, 'utf8');
    const second = await shell.run(['install', 'decide', '--json']);
    expect(jsonOf(second)).toMatchObject({ outcome: 'unchanged' });
    const text = readFileSync(agents, 'utf8');
    expect(text).toBe(once);
    expect(text.startsWith('# Project rules\n\nUse tabs.\n')).toBe(true);
    expect(text.match(/<!-- cast:decide:start -->/g)).toHaveLength(1);
    // What cast-decide says the snippet says.
    expect(text).toContain('costs the person almost nothing');
    expect(text).toContain('a choice\nyou would have made silently and mentioned in passing goes to the queue');
    expect(text).toContain('cheap to undo');
    expect(text).toContain('about an hour later and often disagree');
    expect(text).toContain('write nothing about the decision in prose');
    expect(text).toContain('end your turn');

    // An older snippet is replaced in place, not duplicated.
    writeFileSync(
      agents,
      text.replace(
        /<!-- cast:decide:start -->[\s\S]*<!-- cast:decide:end -->/,
        '<!-- cast:decide:start -->\nold words\n<!-- cast:decide:end -->',
      ),
    );
    expect(jsonOf(await shell.run(['install', 'decide', '--json']))).toMatchObject({ outcome: 'replaced' });
    expect(readFileSync(agents, 'utf8')).toBe(once);
  });

  it('uses CLAUDE.md where that is the one present, and --file names any other', async () => {
    const shell = castShell({ url: cast.url, token: 'unused' });
    writeFileSync(join(shell.dir, 'CLAUDE.md'), '# Claude\n');
    expect((await shell.run(['install', 'decide'])).code).toBe(0);
    expect(readFileSync(join(shell.dir, 'CLAUDE.md'), 'utf8')).toContain('<!-- cast:decide:end -->');
    expect(existsSync(join(shell.dir, 'AGENTS.md'))).toBe(false);
    expect((await shell.run(['install', 'decide', '--file', 'RULES.md'])).code).toBe(0);
    expect(readFileSync(join(shell.dir, 'RULES.md'), 'utf8')).toContain('cast decide');
  });
});

describe('the executable', () => {
  it('runs through its shebang from any directory; usage errors exit 2 with one JSON object under --json', async () => {
    const shell = castShell({ url: cast.url, token: 'unused' });
    const help = await promisify(execFile)(CAST_BIN, ['decide', '--help'], { cwd: shell.dir });
    expect(help.stdout).toContain('cast decide');
    const unknown = await shell.run(['decide', 'ls', '--nope', '--json']);
    expect(unknown.code).toBe(2);
    expect(jsonOf(unknown)).toMatchObject({ error: { code: 'usage' } });
  });
});
