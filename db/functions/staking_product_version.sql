-- A reward day is paid at the rates in force when it ended (SECURITY I39): every change of what decides a product's
-- rate (its coin, rate, minimum or state) is kept in staking_product_versions, with the instant it took effect —
-- the row's updated_at when the writer set one (the app passes its clock, lib/clock.ts), else the transaction's
-- time, and never before the product's previous version. The AFTER INSERT OR UPDATE trigger of staking_products.
CREATE OR REPLACE FUNCTION staking_product_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.coin_symbol = OLD.coin_symbol AND NEW.annual_rate = OLD.annual_rate
     AND NEW.min_amount = OLD.min_amount AND NEW.active = OLD.active THEN
    RETURN NULL;
  END IF;
  INSERT INTO staking_product_versions (product_id, coin_symbol, annual_rate, min_amount, active, valid_from)
  VALUES (NEW.id, NEW.coin_symbol, NEW.annual_rate, NEW.min_amount, NEW.active, GREATEST(
    CASE WHEN TG_OP = 'UPDATE' AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN now() ELSE NEW.updated_at END,
    (SELECT max(v.valid_from) FROM staking_product_versions v WHERE v.product_id = NEW.id)));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
