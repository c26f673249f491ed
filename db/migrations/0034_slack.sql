-- Issue 40 item 4: Slack. `slack_links` maps a Slack user to a member, only through a link the
-- member made: they give their Slack member id on Cast's notifications page, Cast sends that
-- Slack user a message with a button, and the press (signed by Slack, from that user) confirms
-- it. Until then `linked_at` and `team_id` are null and no press from that Slack user counts.
create table slack_links (
  member_id text primary key references members (id),
  workspace_id text not null references workspaces (id),
  slack_user_id text not null,
  team_id text,
  -- SHA-256 of the confirmation button's one-time code; null once confirmed.
  code_hash text,
  requested_at timestamptz not null default now(),
  linked_at timestamptz
);
-- One member per Slack user in a workspace: a press must name exactly one person.
create unique index slack_links_user_idx on slack_links (workspace_id, team_id, slack_user_id) where linked_at is not null;

-- Each Slack message Cast posted about a decision, so it can be updated (chat.update) when the
-- decision is answered anywhere. `member_id` is the member whose DM it is; null for the one
-- message in the workspace's chosen channel.
create table slack_messages (
  workspace_id text not null references workspaces (id),
  decision_id text not null,
  channel_id text not null,
  member_id text references members (id),
  ts text not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, decision_id, channel_id)
);

-- The workspace's Slack settings: a channel to post decisions in instead of each member's DM.
create table slack_workspace_settings (
  workspace_id text primary key references workspaces (id),
  channel_id text,
  updated_at timestamptz not null default now()
);
