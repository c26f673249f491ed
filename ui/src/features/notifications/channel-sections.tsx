/**
 * The slots each channel's own engineer fills (issue 40): push's "turn on in this browser"
 * (push-section.tsx, items 2 and 9) and Slack's "link your Slack user" (slack-section.tsx, item 4)
 * render on the notifications page after the settings' form — each is a form of its own, and a
 * form may not hold another. Add the component here; the page draws whatever is listed.
 */
import type { ComponentType } from 'react';
import type { MemberChannel } from '../../../../domain/notifications/delivery';
import { PushSection } from './push-section';
import { SlackSection } from './slack-section';

export const CHANNEL_SECTIONS: Partial<Record<MemberChannel, ComponentType>> = { push: PushSection, slack: SlackSection };
