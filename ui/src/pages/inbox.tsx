/**
 * `/inbox`: the message center's mirror of approvals and escalations (§5.1, §6.16). Each
 * message links into My Decisions and can be answered by a reply, which settles the record and
 * its decision together (FR-29, E2). Open messages come first, newest first.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxMessage } from '../components/inbox-message';
import { LiveRegion } from '../components/live-region';
import { api } from '../http-client';
import { refreshOpenCount } from '../queue/open-count';
import type { Escalation, InboxMessage as Message } from '../types';
import { PageFrame, type Loaded } from './page-frame';

type InboxData = { messages: Message[]; options: Record<string, string[]> };

async function readInbox(): Promise<InboxData> {
  const [messages, escalations] = await Promise.all([
    api<{ messages: Message[] }>('/api/v1/inbox?limit=200').then((body) => body.messages),
    // An open escalation's options, so a reply can name one; without them a reply still works.
    api<{ escalations: Escalation[] }>('/api/v1/escalations?status=open&limit=200').then((body) => body.escalations, () => []),
  ]);
  const options: Record<string, string[]> = {};
  for (const escalation of escalations) if (escalation.options) options[`escalation:${escalation.id}`] = escalation.options;
  return { messages, options };
}

export function InboxPage() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<InboxData>>({ state: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const load = useCallback(
    () => readInbox().then((value) => setLoaded({ state: 'ready', value }), () => setLoaded({ state: 'failed' })),
    [],
  );
  useEffect(() => void load(), [load]);

  async function replied(words: string) {
    setMessage(words);
    await Promise.all([load(), refreshOpenCount()]);
  }

  return (
    <PageFrame title={t('inbox.title')} loaded={loaded.state} className="inbox">
      {loaded.state === 'ready' && (
        <>
          <p className="subtitle">{t('inbox.subtitle')}</p>
          {loaded.value.messages.length === 0 ? (
            <p>{t('inbox.none')}</p>
          ) : (
            <ul className="messages">
              {loaded.value.messages.map((item) => (
                <InboxMessage key={item.id} message={item} options={loaded.value.options[item.id] ?? null} onReplied={replied} />
              ))}
            </ul>
          )}
        </>
      )}
      <LiveRegion message={message} />
    </PageFrame>
  );
}
