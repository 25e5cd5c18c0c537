-- 1:1 support records are kept: inquiries, their messages and images are never deleted or truncated (db/roles.ts
-- reads the guard and grants the app role no DELETE).
CREATE OR REPLACE FUNCTION support_records_kept() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are support records: never deleted', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
