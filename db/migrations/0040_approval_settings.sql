-- Issue 41 items 3, 4: per approval action kind and per risk flag, how many different people must
-- approve an approval ask (the filing agent may ask for more, never fewer) and whether the member
-- whose own agent asked may approve it; an ask takes the strictest of its action's and its risks'.
-- No row: one approver, anyone (as before). Read once per filing and passed in the decision
-- workflow's start, so a change applies to decisions filed afterwards.
create table approval_settings (
  workspace_id text not null references workspaces (id),
  subject_kind text not null check (subject_kind in ('action', 'risk')),
  subject text not null,
  minimum_approvers int not null default 1 check (minimum_approvers between 1 and 9),
  separation_of_duties boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, subject_kind, subject)
);
