/** Cache, ledger, budget, hit tallies, sessions and rate-limit windows. Times are epoch milliseconds (the function's clock, which tests move); money is whole micro-dollars. */
export const sql = `
CREATE TABLE cache_entries (
  source        text    NOT NULL,
  key           text    NOT NULL,
  operation     text    NOT NULL,
  kind          text    NOT NULL CHECK (kind IN ('answer', 'failure')),
  status        integer NOT NULL,
  content_type  text,
  body          bytea,
  code          text,
  message       text,
  param         text,
  bytes         integer NOT NULL,
  stored_at     bigint  NOT NULL,
  expires_at    bigint  NOT NULL,
  last_used_at  bigint  NOT NULL,
  PRIMARY KEY (source, key)
);
CREATE INDEX cache_entries_last_used ON cache_entries (last_used_at);
CREATE INDEX cache_entries_expires ON cache_entries (expires_at);

CREATE TABLE ledger (
  id            bigserial PRIMARY KEY,
  source        text    NOT NULL,
  cache_key     text    NOT NULL,
  operation     text    NOT NULL,
  path          text    NOT NULL,
  params        jsonb   NOT NULL,
  price_micro   bigint  NOT NULL,
  cost_micro    bigint  NOT NULL DEFAULT 0,
  status        text    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'charged', 'free_failure', 'charged_failure')),
  http_status   integer,
  code          text,
  message       text,
  param         text,
  retry_after   integer,
  bytes         integer NOT NULL DEFAULT 0,
  joined        integer NOT NULL DEFAULT 0,
  in_flight     boolean NOT NULL DEFAULT true,
  lease_until   bigint  NOT NULL,
  instance      text    NOT NULL,
  day           text    NOT NULL,
  started_at    bigint  NOT NULL,
  settled_at    bigint
);
-- One call in flight per cached question and source, across every instance: the single-flight claim.
CREATE UNIQUE INDEX ledger_one_flight ON ledger (source, cache_key) WHERE in_flight;
CREATE INDEX ledger_source_day ON ledger (source, day);

CREATE TABLE budget (
  source       text   PRIMARY KEY,
  spent_micro  bigint NOT NULL DEFAULT 0
);

CREATE TABLE hit_tallies (
  day          text   NOT NULL,
  source       text   NOT NULL,
  operation    text   NOT NULL,
  hits         bigint NOT NULL DEFAULT 0,
  saved_micro  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, source, operation)
);

CREATE TABLE sessions (
  id          text   PRIMARY KEY,
  created_at  bigint NOT NULL,
  expires_at  bigint NOT NULL,
  revoked_at  bigint
);

CREATE TABLE rate_windows (
  name          text    NOT NULL,
  client        text    NOT NULL,
  window_start  bigint  NOT NULL,
  count         integer NOT NULL,
  PRIMARY KEY (name, client, window_start)
);
`
