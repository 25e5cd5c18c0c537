-- The audit log is append-only (SECURITY.md): the guard of audit_log's BEFORE UPDATE OR DELETE row trigger and
-- BEFORE TRUNCATE statement trigger. The application inserts, never updates or deletes.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
