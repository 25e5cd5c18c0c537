-- The dashboard's WLD owed to members per account kind, kept by the writes that change a balance (migration 0030,
-- db/queries/admin-dashboard.ts): an AFTER … FOR EACH STATEMENT trigger on ledger_accounts with its transition tables,
-- so the daily reward run's one UPDATE of 150,000 accounts adds one aggregate, not 150,000 writes. The member WLD
-- accounts a statement changed count in with their new balance and out with their old one; the sums go to this
-- transaction's own row (day NULL, tx = its id), which no other transaction writes (no queue behind a hot row, no
-- deadlock); admin_tallies_fold folds committed rows now and then.
CREATE OR REPLACE FUNCTION admin_tallies_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holding numeric;
  staked numeric;
  held numeric;
  rewards numeric;
BEGIN
  -- The statement's change per kind: the new balances in, the old ones out (a transition table exists only for
  -- the operations that have it, so each operation reads its own).
  IF TG_OP = 'INSERT' THEN
    SELECT sum(n.balance) FILTER (WHERE n.kind = 'holding'), sum(n.balance) FILTER (WHERE n.kind = 'staked'),
      sum(n.balance) FILTER (WHERE n.kind = 'held'), sum(n.balance) FILTER (WHERE n.kind = 'rewards')
    INTO holding, staked, held, rewards
    FROM new_rows n WHERE n.user_id IS NOT NULL AND n.coin = 'WLD';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -sum(o.balance) FILTER (WHERE o.kind = 'holding'), -sum(o.balance) FILTER (WHERE o.kind = 'staked'),
      -sum(o.balance) FILTER (WHERE o.kind = 'held'), -sum(o.balance) FILTER (WHERE o.kind = 'rewards')
    INTO holding, staked, held, rewards
    FROM old_rows o WHERE o.user_id IS NOT NULL AND o.coin = 'WLD';
  ELSE
    SELECT sum(c.amount) FILTER (WHERE c.kind = 'holding'), sum(c.amount) FILTER (WHERE c.kind = 'staked'),
      sum(c.amount) FILTER (WHERE c.kind = 'held'), sum(c.amount) FILTER (WHERE c.kind = 'rewards')
    INTO holding, staked, held, rewards
    FROM (SELECT n.kind, n.balance AS amount FROM new_rows n WHERE n.user_id IS NOT NULL AND n.coin = 'WLD'
      UNION ALL SELECT o.kind, -o.balance FROM old_rows o WHERE o.user_id IS NOT NULL AND o.coin = 'WLD') c;
  END IF;
  holding := coalesce(holding, 0);
  staked := coalesce(staked, 0);
  held := coalesce(held, 0);
  rewards := coalesce(rewards, 0);
  IF holding = 0 AND staked = 0 AND held = 0 AND rewards = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO admin_tallies AS t (tx, day, wld_holding, wld_staked, wld_held, wld_rewards)
  VALUES (pg_current_xact_id()::text::bigint, NULL, holding, staked, held, rewards)
  ON CONFLICT (tx, day) DO UPDATE SET wld_holding = t.wld_holding + EXCLUDED.wld_holding,
    wld_staked = t.wld_staked + EXCLUDED.wld_staked, wld_held = t.wld_held + EXCLUDED.wld_held,
    wld_rewards = t.wld_rewards + EXCLUDED.wld_rewards;
  IF random() < 1.0 / 32 THEN
    PERFORM admin_tallies_fold();
  END IF;
  RETURN NULL;
END;
$$;
