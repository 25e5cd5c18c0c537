-- Folds the admin_tallies rows of committed transactions into the running rows (tx = 0), one per day and one for the
-- WLD owed (migration 0030): the table then holds those plus the rows of transactions still open, whatever the
-- number of writes. One fold at a time (a transaction-level advisory lock, tried, never waited for: a fold inside a
-- long transaction keeps the others from folding until it ends, and nobody waits on it). Rows of transactions not yet
-- committed are invisible here and stay; a fold rolled back with its transaction leaves everything as it was. A
-- reader sums every row, so it sees the same totals before and after a fold.
CREATE OR REPLACE FUNCTION admin_tallies_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(727270030) THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM admin_tallies WHERE tx <> 0 AND tx <> pg_current_xact_id()::text::bigint RETURNING *
  )
  INSERT INTO admin_tallies AS t (tx, day, members, signups, wld_holding, wld_staked, wld_held, wld_rewards)
  SELECT 0, day, sum(members), sum(signups), sum(wld_holding), sum(wld_staked), sum(wld_held), sum(wld_rewards)
  FROM gone GROUP BY day
  ON CONFLICT (tx, day) DO UPDATE SET members = t.members + EXCLUDED.members, signups = t.signups + EXCLUDED.signups,
    wld_holding = t.wld_holding + EXCLUDED.wld_holding, wld_staked = t.wld_staked + EXCLUDED.wld_staked,
    wld_held = t.wld_held + EXCLUDED.wld_held, wld_rewards = t.wld_rewards + EXCLUDED.wld_rewards;
END;
$$;
