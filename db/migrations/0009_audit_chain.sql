-- A tamper-evident audit trail (issue 15 item 5): every audit_log row carries the SHA-256 of the row before it
-- (prev_hash, NULL for the first row) and its own hash (row_hash) over a canonical form of all its columns plus
-- prev_hash. `npm run audit:verify` (lib/audit-chain.ts) recomputes every hash in id order with the same SQL
-- function below and names the first row whose hash or link does not match.
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" bytea;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" bytea;--> statement-breakpoint
-- The canonical form, written once (the trigger and the verifier both call it):
--> function: db/functions/audit_row_hash.sql
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
-- Every insert, whichever path writes it, is chained by this trigger:
--> function: db/functions/audit_log_chain.sql
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
