-- A posting's header is guarded like its entries: no UPDATE, DELETE or TRUNCATE of ledger_postings (SECURITY.md:
-- the ledger is append-only). These hold against anyone who cannot switch a trigger off; the app's own database
-- role (npm run db:roles) also lacks the privileges themselves.
CREATE OR REPLACE FUNCTION ledger_postings_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger_postings are immutable';
END;
$$ LANGUAGE plpgsql;
