/**
 * Calls a crash cut off: each instance beats in `instance_heartbeats`, and a claim whose instance stopped beating is
 * ended as `interrupted` (it may have been charged), keeping its budget reservation until someone reconciles it
 * (who and when recorded). Pending rows no claim holds any more are such calls already. docs/decisions/0186.
 */
export const sql = `
ALTER TABLE ledger DROP CONSTRAINT ledger_status_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_status_check CHECK (status IN ('pending', 'charged', 'free_failure', 'charged_failure', 'interrupted'));
ALTER TABLE ledger ADD COLUMN reconciled_at bigint;
ALTER TABLE ledger ADD COLUMN reconciled_by text;
ALTER TABLE ledger ADD COLUMN reconciled_charged boolean;
CREATE INDEX ledger_interrupted ON ledger (source) WHERE status = 'interrupted' AND reconciled_at IS NULL;
CREATE TABLE instance_heartbeats (
  instance    text        PRIMARY KEY,
  started_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  beat_at     timestamptz NOT NULL DEFAULT clock_timestamp()
);
UPDATE ledger SET status = 'interrupted', message = 'the server stopped while this call was in flight; it may have been charged'
  WHERE status = 'pending' AND NOT in_flight;
`
