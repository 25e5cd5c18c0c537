-- The append-only tables refuse TRUNCATE as well (SECURITY.md: the audit trail and the ledger are append-only).
-- Row triggers (0001) never fire for TRUNCATE, so `TRUNCATE audit_log` emptied the trail, and a chain written
-- afresh afterwards verified (the anchor of `audit:verify --anchor` catches that one, lib/audit-chain.ts).
-- Statement triggers BEFORE TRUNCATE fire for a TRUNCATE … CASCADE from another table too. ledger_postings, the
-- header of every posting, is guarded like its entries: no UPDATE, DELETE or TRUNCATE.
-- These hold against anyone who cannot switch a trigger off; the app's own database role (npm run db:roles,
-- scripts/db-roles.ts) also lacks the privileges themselves, and only the tables' owner could switch a trigger off.
--> function: db/functions/ledger_postings_immutable.sql
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_update BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_postings_immutable();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_immutable();
