-- Issue 39 item 10: each member has a time zone, the one the web formats their times in (an
-- IANA name, `Europe/Paris`). Null until one is chosen: the web sets the browser's on first
-- sign-in, and reads UTC for a member no browser has set it for.
alter table members add column time_zone text;
