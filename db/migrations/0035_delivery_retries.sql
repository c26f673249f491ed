-- Issue 40 item 10: a member channel's message that its transport refused is tried again on a
-- schedule (domain/notifications/delivery-retry.ts), each try by a delivery workflow of its own.
-- The log shows when the next try is due; null once a try is final (sent, or failed for good).
alter table notification_deliveries add column next_attempt_at timestamptz;
