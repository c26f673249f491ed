/**
 * `/inbox`: the message center's mirror of approvals and escalations (§5.1, §6.16). Each
 * message links into My Decisions and can be answered by a reply, which settles the record and
 * its decision together (FR-29, E2). Open messages come first, newest first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxMessage } from './inbox-message';
import { LiveRegion } from '../../shared/live-region';
import { useInbox } from './inbox-queries';
import { pageStateOf } from '../../shared/page-state';
import { PageFrame } from '../../shared/page-frame';

export function InboxPage({ me }: { me: string | null }) {
  const { t } = useTranslation();
  const read = useInbox();
  const [message, setMessage] = useState<string | null>(null);
  const loaded = read.data;

  return (
    <PageFrame title={t('inbox.title')} loaded={pageStateOf(read)} className="inbox">
      {loaded && (
        <>
          <p className="subtitle">{t('inbox.subtitle')}</p>
          {loaded.messages.length === 0 ? (
            <p>{t('inbox.none')}</p>
          ) : (
            <ul className="messages">
              {loaded.messages.map((item) => (
                <InboxMessage key={item.id} message={item} me={me} options={loaded.options[item.id] ?? null} onReplied={setMessage} />
              ))}
            </ul>
          )}
        </>
      )}
      <LiveRegion message={message} />
    </PageFrame>
  );
}
