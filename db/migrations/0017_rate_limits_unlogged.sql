-- FR-61's counters are worth nothing after a crash: a window is 60 s, and a server that
-- restarts may start every window afresh. Unlogged, a counter's upsert writes no WAL and so
-- waits for no fsync, and every API request (each one consumes a point) commits sooner.
alter table rate_limits set unlogged;
