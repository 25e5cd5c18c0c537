-- Every audit_log row carries the SHA-256 of the row before it (prev_hash, NULL for the first row) and its own
-- (row_hash, audit_row_hash): whichever path inserts it (lib/audit.ts, ledger_post(), the login's closing
-- statement), it is chained here, by the BEFORE INSERT trigger. A transaction-scoped advisory lock (one fixed key,
-- "AUDT" / 0) makes inserts chain one after another: it is taken at the audit insert itself — late in each
-- transaction — and held until commit, so the newest row read under it is the newest committed (READ COMMITTED:
-- each statement of this VOLATILE function reads a fresh snapshot; under REPEATABLE READ the read could be stale, so
-- that is refused). The id the column default drew before the lock may be older than the newest chained row (a
-- later transaction got the lock first); then the row takes a fresh id, so that id order is chain order.
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
