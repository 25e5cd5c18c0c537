-- The maintenance history is kept: feature_pauses rows are never deleted or truncated (db/roles.ts reads the guard
-- and grants the app role no DELETE).
CREATE OR REPLACE FUNCTION feature_pauses_kept() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'feature_pauses rows are the maintenance history: never deleted';
END;
$$ LANGUAGE plpgsql;
