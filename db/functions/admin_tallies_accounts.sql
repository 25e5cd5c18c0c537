-- The dashboard's WLD owed to members per account kind, kept by the writes that change a balance (migration 0030,
-- db/queries/admin-dashboard.ts): an AFTER … FOR EACH STATEMENT trigger on ledger_accounts with its transition tables,
-- so the daily reward run's one UPDATE of 150,000 accounts adds one aggregate, not 150,000 writes. The member WLD
-- accounts a statement changed count in with their new balance and out with their old one; the sums go to this
-- transaction's own row (day NULL, tx = its id), which no other transaction writes (no queue behind a hot row, no
-- deadlock); admin_tallies_fold folds committed rows now and then.
CREATE OR REPLACE FUNCTION admin_tallies_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_tallies AS t (tx, day, wld_holding, wld_staked, wld_held, wld_rewards)
    SELECT pg_current_xact_id()::text::bigint, NULL, d.holding, d.staked, d.held, d.rewards FROM (
      SELECT COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'holding'), 0) AS holding,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'staked'), 0) AS staked,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'held'), 0) AS held,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'rewards'), 0) AS rewards
      FROM (SELECT n.kind, n.balance AS amount FROM new_rows n WHERE n.user_id IS NOT NULL AND n.coin = 'WLD') c) d
    WHERE d.holding <> 0 OR d.staked <> 0 OR d.held <> 0 OR d.rewards <> 0
    ON CONFLICT (tx, day) DO UPDATE SET wld_holding = t.wld_holding + EXCLUDED.wld_holding,
      wld_staked = t.wld_staked + EXCLUDED.wld_staked, wld_held = t.wld_held + EXCLUDED.wld_held,
      wld_rewards = t.wld_rewards + EXCLUDED.wld_rewards;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO admin_tallies AS t (tx, day, wld_holding, wld_staked, wld_held, wld_rewards)
    SELECT pg_current_xact_id()::text::bigint, NULL, d.holding, d.staked, d.held, d.rewards FROM (
      SELECT COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'holding'), 0) AS holding,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'staked'), 0) AS staked,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'held'), 0) AS held,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'rewards'), 0) AS rewards
      FROM (SELECT o.kind, -o.balance AS amount FROM old_rows o WHERE o.user_id IS NOT NULL AND o.coin = 'WLD') c) d
    WHERE d.holding <> 0 OR d.staked <> 0 OR d.held <> 0 OR d.rewards <> 0
    ON CONFLICT (tx, day) DO UPDATE SET wld_holding = t.wld_holding + EXCLUDED.wld_holding,
      wld_staked = t.wld_staked + EXCLUDED.wld_staked, wld_held = t.wld_held + EXCLUDED.wld_held,
      wld_rewards = t.wld_rewards + EXCLUDED.wld_rewards;
  ELSE
    INSERT INTO admin_tallies AS t (tx, day, wld_holding, wld_staked, wld_held, wld_rewards)
    SELECT pg_current_xact_id()::text::bigint, NULL, d.holding, d.staked, d.held, d.rewards FROM (
      SELECT COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'holding'), 0) AS holding,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'staked'), 0) AS staked,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'held'), 0) AS held,
        COALESCE(sum(c.amount) FILTER (WHERE c.kind = 'rewards'), 0) AS rewards
      FROM (SELECT n.kind, n.balance AS amount FROM new_rows n WHERE n.user_id IS NOT NULL AND n.coin = 'WLD'
        UNION ALL SELECT o.kind, -o.balance AS amount FROM old_rows o WHERE o.user_id IS NOT NULL AND o.coin = 'WLD') c) d
    WHERE d.holding <> 0 OR d.staked <> 0 OR d.held <> 0 OR d.rewards <> 0
    ON CONFLICT (tx, day) DO UPDATE SET wld_holding = t.wld_holding + EXCLUDED.wld_holding,
      wld_staked = t.wld_staked + EXCLUDED.wld_staked, wld_held = t.wld_held + EXCLUDED.wld_held,
      wld_rewards = t.wld_rewards + EXCLUDED.wld_rewards;
  END IF;
  IF FOUND AND random() < 1.0 / 32 THEN
    PERFORM admin_tallies_fold();
  END IF;
  RETURN NULL;
END;
$$;
