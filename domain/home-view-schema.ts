/** `GET /api/v1/home`: what the dashboard shows of the queue (§6.16). */
import { z } from 'zod';
import { Approval } from './approval';

export const HomeRead = z
  .object({
    /** For "See all decisions ({count})"; `inbox` for the sidebar's Inbox: messages still waiting for a reply. */
    counts: z.object({ open: z.int().min(0), blocking: z.int().min(0), inbox: z.int().min(0) }),
    /** Up to five pending approvals, newest first. */
    approvals: z.array(Approval).max(5),
  })
  .meta({ id: 'Home', description: "The queue's open and blocking counts, the Inbox's open messages, and up to five pending approvals." });
export type HomeRead = z.infer<typeof HomeRead>;
