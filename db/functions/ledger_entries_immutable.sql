-- Ledger entries are never changed after the fact (SECURITY.md): corrections are new postings. The guard of
-- ledger_entries' BEFORE UPDATE OR DELETE and BEFORE TRUNCATE triggers.
CREATE OR REPLACE FUNCTION ledger_entries_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries are immutable';
END;
$$ LANGUAGE plpgsql;
