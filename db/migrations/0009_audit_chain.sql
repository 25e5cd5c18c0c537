-- A tamper-evident audit trail (issue 15 item 5): every audit_log row carries the SHA-256 of the row before it
-- (prev_hash, NULL for the first row) and its own hash (row_hash) over a canonical form of all its columns plus
-- prev_hash. `npm run audit:verify` (lib/audit-chain.ts) recomputes every hash in id order with the same SQL
-- function below and names the first row whose hash or link does not match.
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" bytea;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" bytea;--> statement-breakpoint
-- The canonical form, written once (the trigger and the verifier both call this): a JSON array of text-or-null,
-- in this fixed order —
--   "audit_log.v1", id, at (UTC, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"', microseconds), actor_id, action,
--   target_user_id, target_id, ip, request_id, before (jsonb's own text form, which orders keys), after (same),
--   memo, prev_hash (lower-case hex)
-- — every value as a JSON string, SQL NULL as JSON null (so a jsonb 'null' in before/after, the string "null",
-- differs from SQL NULL), rendered as jsonb text and hashed as UTF-8 with the built-in sha256() (PostgreSQL 11+,
-- PGlite included: no extension). A column added to audit_log later is NOT covered until this function (and
-- its version tag) is extended.
CREATE OR REPLACE FUNCTION audit_row_hash(r audit_log) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sha256(convert_to(jsonb_build_array(
    'audit_log.v1',
    r.id::text,
    to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id::text,
    r.action,
    r.target_user_id::text,
    r.target_id,
    r.ip,
    r.request_id,
    r.before::text,
    r.after::text,
    r.memo,
    encode(r.prev_hash, 'hex')
  )::text, 'UTF8'))
$$;
--> statement-breakpoint
-- Rows written before this migration: chained here, in id order.
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_no_update;--> statement-breakpoint
DO $$
DECLARE
  v_prev bytea := NULL;
  v_row audit_log;
BEGIN
  FOR v_row IN SELECT * FROM audit_log ORDER BY id LOOP
    v_row.prev_hash := v_prev;
    v_prev := audit_row_hash(v_row);
    UPDATE audit_log SET prev_hash = v_row.prev_hash, row_hash = v_prev WHERE id = v_row.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_no_update;--> statement-breakpoint
-- Every insert, whichever path writes it (lib/audit.ts, ledger_post(), the login's closing statement), is
-- chained here. A transaction-scoped advisory lock (one fixed key, "AUDT" / 0) makes inserts chain one after
-- another: it is taken at the audit insert itself — late in each transaction — and held until commit, so the
-- newest row read under it is the newest committed (READ COMMITTED: each statement of this VOLATILE function
-- reads a fresh snapshot; under REPEATABLE READ the read could be stale, so that is refused). The id the
-- column default drew before the lock may be older than the newest chained row (a later transaction got the
-- lock first); then the row takes a fresh id, so that id order is chain order.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_last_id bigint;
  v_last_hash bytea;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_log rows are chained under READ COMMITTED only (not %)',
      current_setting('transaction_isolation');
  END IF;
  PERFORM pg_advisory_xact_lock(1096107092, 0);
  SELECT a.id, a.row_hash INTO v_last_id, v_last_hash FROM audit_log a ORDER BY a.id DESC LIMIT 1;
  IF v_last_id IS NOT NULL AND NEW.id <= v_last_id THEN
    NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
    IF NEW.id <= v_last_id THEN
      PERFORM setval(pg_get_serial_sequence('audit_log', 'id'), v_last_id);
      NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
    END IF;
  END IF;
  NEW.prev_hash := v_last_hash;
  NEW.row_hash := audit_row_hash(NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
