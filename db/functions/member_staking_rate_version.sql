-- A reward day is paid at the rates in force when it ended (SECURITY I39): every change of a member's own rate or
-- chosen product is kept in member_staking_rate_versions, with the instant it took effect (as for products); a row
-- removed, or moved to another member or coin, leaves a version without a rate or product there. The AFTER INSERT
-- OR UPDATE OR DELETE trigger of member_staking_rates.
CREATE OR REPLACE FUNCTION member_staking_rate_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (NEW.user_id, NEW.coin_symbol) IS DISTINCT FROM (OLD.user_id, OLD.coin_symbol)) THEN
    INSERT INTO member_staking_rate_versions (user_id, coin_symbol, product_id, annual_rate, valid_from)
    VALUES (OLD.user_id, OLD.coin_symbol, NULL, NULL, GREATEST(now(),
      (SELECT max(v.valid_from) FROM member_staking_rate_versions v
       WHERE v.user_id = OLD.user_id AND v.coin_symbol = OLD.coin_symbol)));
    IF TG_OP = 'DELETE' THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND NEW.product_id IS NOT DISTINCT FROM OLD.product_id
     AND NEW.annual_rate IS NOT DISTINCT FROM OLD.annual_rate THEN
    RETURN NULL;
  END IF;
  INSERT INTO member_staking_rate_versions (user_id, coin_symbol, product_id, annual_rate, valid_from)
  VALUES (NEW.user_id, NEW.coin_symbol, NEW.product_id, NEW.annual_rate, GREATEST(
    CASE WHEN TG_OP = 'UPDATE' AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN now() ELSE NEW.updated_at END,
    (SELECT max(v.valid_from) FROM member_staking_rate_versions v
     WHERE v.user_id = NEW.user_id AND v.coin_symbol = NEW.coin_symbol)));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
