/**
 * Issue 40 item 3: email's settings from the environment. None set: email is off. Enough set:
 * the SMTP server and the sender. Anything half set stops the process at start, naming each
 * variable at fault — never a mailer that fails one message at a time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv as loadAll } from '../../runtime/env';
import { loadEmailSettings } from '../../runtime/email-settings';

const home = mkdtempSync(join(tmpdir(), 'cast-email-env-'));
const loadEnv = (env: Record<string, string>) => loadAll({ HOME: home, XDG_CONFIG_HOME: home, ...env });
const PUBLIC = { CAST_PUBLIC_URL: 'https://cast.example.com' };

function refusal(env: Record<string, string>): string {
  try {
    loadEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('the environment was accepted');
}

describe('issue 40 item 3: email settings', () => {
  it('none set: email is off', () => {
    expect(loadEnv({}).email).toBeNull();
    expect(loadEnv(PUBLIC).email).toBeNull();
  });

  it('a URL and a sender: on, with the public URL its links use', () => {
    expect(
      loadEnv({ ...PUBLIC, CAST_SMTP_URL: 'smtps://cast:secret@mail.example.com:465', CAST_MAIL_FROM: 'Cast <cast@example.com>' }).email,
    ).toEqual({
      smtp: { url: 'smtps://cast:secret@mail.example.com:465' },
      from: 'Cast <cast@example.com>',
      publicUrl: 'https://cast.example.com',
    });
  });

  it('a host and its parts: port 587 with STARTTLS unless secure, 465 when secure', () => {
    const parts = {
      CAST_SMTP_HOST: 'mail.example.com',
      CAST_SMTP_USER: 'cast',
      CAST_SMTP_PASSWORD: 'secret',
      CAST_MAIL_FROM: 'cast@example.com',
    };
    expect(loadEmailSettings(parts, 'https://cast.example.com')?.smtp).toEqual({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      auth: { user: 'cast', pass: 'secret' },
    });
    expect(loadEmailSettings({ ...parts, CAST_SMTP_SECURE: 'on' }, 'https://cast.example.com')?.smtp).toMatchObject({
      port: 465,
      secure: true,
    });
    expect(
      loadEmailSettings({ CAST_SMTP_HOST: 'relay', CAST_SMTP_PORT: '25', CAST_MAIL_FROM: 'cast@example.com' }, 'https://c.example')?.smtp,
    ).toEqual({
      host: 'relay',
      port: 25,
      secure: false,
      auth: null,
    });
  });

  it('half set is refused at start, each problem by its variable’s name', () => {
    expect(refusal({ ...PUBLIC, CAST_MAIL_FROM: 'cast@example.com' })).toMatch(/^ {2}CAST_SMTP_URL: email needs an SMTP server/m);
    expect(refusal({ ...PUBLIC, CAST_SMTP_URL: 'smtp://mail.example.com' })).toMatch(/^ {2}CAST_MAIL_FROM: email needs a sender address/m);
    expect(refusal({ CAST_SMTP_URL: 'smtp://mail.example.com', CAST_MAIL_FROM: 'cast@example.com' })).toMatch(
      /^ {2}CAST_PUBLIC_URL: email needs it/m,
    );
    expect(refusal({ ...PUBLIC, CAST_SMTP_URL: 'http://mail.example.com', CAST_MAIL_FROM: 'cast@example.com' })).toMatch(
      /^ {2}CAST_SMTP_URL: must start with smtp:\/\/ or smtps:\/\//m,
    );
    expect(refusal({ ...PUBLIC, CAST_SMTP_URL: 'smtp://a', CAST_SMTP_HOST: 'b', CAST_MAIL_FROM: 'cast@example.com' })).toMatch(
      /^ {2}CAST_SMTP_URL: set it or CAST_SMTP_HOST, not both/m,
    );
    const parts = refusal({
      ...PUBLIC,
      CAST_SMTP_HOST: 'mail',
      CAST_SMTP_PORT: '99999',
      CAST_SMTP_USER: 'cast',
      CAST_SMTP_SECURE: 'yes',
      CAST_MAIL_FROM: 'not an address',
    });
    expect(parts).toMatch(/^ {2}CAST_SMTP_PORT: must be a port/m);
    expect(parts).toMatch(/^ {2}CAST_SMTP_SECURE: must be on/m);
    expect(parts).toMatch(/^ {2}CAST_SMTP_PASSWORD: CAST_SMTP_USER is set without its password/m);
    expect(parts).toMatch(/^ {2}CAST_MAIL_FROM: not an address is not an address/m);
  });
});
