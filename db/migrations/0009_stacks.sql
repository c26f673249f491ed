-- Decision stacks (cast-decide "Decision stacks"): the rows the stack workflows mirror. A
-- decision belongs to at most one stack; its position orders the checklist.
create sequence stack_number_seq;

create table stacks (
  id text primary key,
  number bigint not null unique,
  workspace_id text not null references workspaces (id),
  title text not null,
  status text not null check (status in ('open', 'closed')),
  due_at timestamptz,
  auto_default_ms bigint,
  created_by text references members (id),
  revision bigint not null,
  snapshot jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz
);
create index stacks_workspace_idx on stacks (workspace_id, status, created_at);

create table stack_members (
  decision_id text primary key references decisions (id),
  workspace_id text not null references workspaces (id),
  stack_id text not null references stacks (id),
  position int not null,
  joined_at timestamptz not null
);
create index stack_members_stack_idx on stack_members (stack_id, position);
