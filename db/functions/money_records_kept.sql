-- Money records are never deleted (가상자산이용자보호법, 2024: 15 years; the Travel Rule's records 5 years at least;
-- docs/operations.md, "Retention"). The application still updates these rows (a request's status, a history row
-- hidden), so only DELETE (a row trigger) and TRUNCATE (a statement trigger, which also fires for a TRUNCATE …
-- CASCADE from another table) are refused. db/roles.ts reads the guard: the app role gets no DELETE on these tables.
CREATE OR REPLACE FUNCTION money_records_kept() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are money records: never deleted', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
