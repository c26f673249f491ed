-- FR-61's rate limits, shared by every API process (rate-limiter-flexible's Postgres store):
-- one row per member and bucket, holding the points used and when the window ends (epoch ms).
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
