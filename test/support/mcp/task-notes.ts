/**
 * Task status notifications as the official clients receive them: the SDK v2 `Client`'s
 * `listen()` opens the `subscriptions/listen` stream with the Tasks extension's filter
 * (ext-tasks' `contributeTaskFilterV2`), and each `notifications/tasks` that arrives is checked
 * against ext-tasks' own schema before it is kept.
 */
import type { Client, SubscriptionFilter } from '@modelcontextprotocol/client';
import { contributeTaskFilterV2, TaskStatusNotificationParamsV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import { expect } from 'vitest';

type Note = { taskId: string; status: string; [key: string]: unknown };

/** Keeps every `notifications/tasks` `client` receives (call once per client, before listening). */
export function taskNotes(client: Client) {
  const notes: Note[] = [];
  client.setNotificationHandler('notifications/tasks', { params: TaskStatusNotificationParamsV2Schema }, (params) => {
    notes.push(params as Note);
  });
  return {
    notes,
    /** Listens for the tasks' notifications; the SDK's filter type knows no `taskIds`, the extension adds it. */
    listen: (taskIds: string[]) => client.listen(contributeTaskFilterV2({}, taskIds).notifications as SubscriptionFilter),
    /** The notification for `taskId`, once it has come (the test's own timeout bounds the wait). */
    async of(taskId: string): Promise<Note> {
      await expect.poll(() => notes.some((note) => note.taskId === taskId), { timeout: 60_000 }).toBe(true);
      return notes.find((note) => note.taskId === taskId)!;
    },
  };
}
