-- The history of staking rates is append-only (SECURITY I39): what a paid day was paid at cannot be rewritten.
-- The guard of staking_product_versions' and member_staking_rate_versions' UPDATE, DELETE and TRUNCATE triggers.
CREATE OR REPLACE FUNCTION staking_rate_versions_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
