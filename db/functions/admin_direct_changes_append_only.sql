-- admin_direct_changes is append-only: the rolling four-eyes totals (lib/admin/four-eyes-limit.ts) are sums over
-- rows nobody may rewrite. The guard of its BEFORE UPDATE OR DELETE and BEFORE TRUNCATE triggers.
CREATE OR REPLACE FUNCTION admin_direct_changes_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'admin_direct_changes is append-only';
END;
$$ LANGUAGE plpgsql;
