-- Counts the dashboard's kept figures afresh from users and ledger_accounts (migration 0030): after a load that ran
-- with triggers off (session_replication_role = replica, as scripts/scale/generate.ts loads) the kept rows no longer
-- match, and `SELECT admin_tallies_rebuild()` (as the tables' owner) makes them match again. Writers wait for it (a
-- SHARE lock on both tables until the transaction ends), so no change slips between the count and the new rows.
CREATE OR REPLACE FUNCTION admin_tallies_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users, ledger_accounts IN SHARE MODE;
  DELETE FROM admin_tallies;
  INSERT INTO admin_tallies (tx, day, members, signups)
  SELECT 0, ((created_at AT TIME ZONE 'UTC') + interval '9 hours')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*)
  FROM users WHERE role = 'USER' GROUP BY 2;
  INSERT INTO admin_tallies (tx, day, wld_holding, wld_staked, wld_held, wld_rewards)
  SELECT 0, NULL, COALESCE(sum(balance) FILTER (WHERE kind = 'holding'), 0),
    COALESCE(sum(balance) FILTER (WHERE kind = 'staked'), 0), COALESCE(sum(balance) FILTER (WHERE kind = 'held'), 0),
    COALESCE(sum(balance) FILTER (WHERE kind = 'rewards'), 0)
  FROM ledger_accounts WHERE user_id IS NOT NULL AND coin = 'WLD';
END;
$$;
