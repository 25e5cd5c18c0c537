-- The audit log is append-only: the application may insert, never update or delete.
--> function: db/functions/audit_log_append_only.sql
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Ledger entries are never changed after the fact either: corrections are new postings.
--> function: db/functions/ledger_entries_immutable.sql
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
