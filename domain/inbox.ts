/** An Inbox message (§6.16): the message-center mirror of an approval or an escalation. */
export type InboxMessage = {
  /** `approval:<id>` or `escalation:<id>`. */
  id: string;
  kind: 'approval' | 'escalation';
  title: string;
  body: string | null;
  status: string;
  open: boolean;
  decisionId: string | null;
  agentName: string | null;
  createdAt: string;
};
