/**
 * `cast notify` (issue 40 item 10): how Cast reaches you. `cast notify` shows your settings,
 * `cast notify set …` changes the ones named, `cast notify test <channel>` sends yourself a
 * test message, `cast notify log` reads what each channel sent you. Always your own.
 */
import type { Command } from 'commander';
import type { NotifySetOptions } from './settings-flags';

export function registerNotify(cast: Command): void {
  const notify = cast.command('notify').description('how Cast reaches you (push, email, Slack, digest, quiet hours): show, set, test, log');
  notify
    .command('show', { isDefault: true })
    .description('your notification settings and which channels this server sends on (what `cast notify` alone does)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => (await import('./show-action')).run(opts));
  notify
    .command('set')
    .description('change the settings you name; the others stay as they are')
    .option('--push <on|off>', 'browser and phone notifications')
    .option('--push-titles <on|off>', "show the decision's title in a push (off: it only says something waits)")
    .option('--email <address|on|off>', 'an address turns email on with it; off turns it off and keeps the address')
    .option('--email-now <on|off>', 'an email at once for each urgent decision (off: only the digest)')
    .option('--slack <on|off>', 'Slack messages (link your Slack user on the web first)')
    .option('--digest <off|hourly|daily>', 'how often the digest of what waits goes out')
    .option('--hour <0-23>', 'the hour a daily digest goes out, in your time zone')
    .option('--quiet <HH:MM-HH:MM|off>', 'quiet hours, e.g. 22:00-07:00: immediate messages wait for the digest')
    .option('--tz <zone|profile>', "the time zone for quiet hours and the digest, e.g. Europe/Paris; profile: your profile's")
    .option('--urgent <blocking|all>', 'what reaches you at once: only blocking decisions, or every new one')
    .option('--json', 'print one JSON object')
    .action(async (opts: NotifySetOptions) => (await import('./set-action')).run(opts));
  notify
    .command('test')
    .description('send yourself a test message on one channel; cast notify log shows how it went')
    .argument('<channel>', 'push, email or slack')
    .option('--json', 'print one JSON object')
    .action(async (channel: string, opts: { json?: boolean }) => (await import('./test-action')).run(channel, opts));
  notify
    .command('log')
    .description('what each channel sent you, newest first: sent, failed and why, held, skipped; attempts and the next retry')
    .option('--channel <channel>', 'push, email or slack (default: all)')
    .option('--limit <n>', 'how many (default 50, at most 200)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { channel?: string; limit?: string; json?: boolean }) => (await import('./log-action')).run(opts));
}
