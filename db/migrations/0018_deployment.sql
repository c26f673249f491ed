-- This deployment's own id, made once at its first migrate: every new workflow id carries it, so
-- two Casts sharing a Temporal namespace, or this database restored or recreated while Temporal
-- keeps its histories, never reach each other's workflows. Decisions and stacks numbered before
-- it existed keep the ids their workflows already run under (`decisions_from`, `stacks_from`).
create table deployment (
  id text primary key,
  decisions_from bigint not null,
  stacks_from bigint not null,
  created_at timestamptz not null default now(),
  -- One row: the deployment is the database.
  singleton boolean not null default true unique check (singleton)
);

insert into deployment (id, decisions_from, stacks_from)
select substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
       coalesce((select last_value + 1 from pg_sequences where schemaname = 'public' and sequencename = 'decision_number_seq'), 1),
       coalesce((select last_value + 1 from pg_sequences where schemaname = 'public' and sequencename = 'stack_number_seq'), 1);
