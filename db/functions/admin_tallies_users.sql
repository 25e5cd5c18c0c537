-- The dashboard's member figures, kept by the writes that change them (migration 0030, db/queries/admin-dashboard.ts):
-- an AFTER … FOR EACH STATEMENT trigger on users with its transition tables (new_rows, old_rows), so a bulk insert or
-- update costs one aggregate, not one write per row. Per KST sign-up day of the members (role USER) a statement
-- changed: `members`, the ACTIVE ones, and `signups`, all of them — the new rows counted in, the old ones out (a
-- deactivation, a role or sign-up time change moves a member out of one figure or day and into another). The deltas
-- go to this transaction's own row of the day (tx = its id): no two transactions write one row, so concurrent
-- sign-ups neither queue on a counter nor deadlock on one; admin_tallies_fold folds committed rows now and then.
CREATE OR REPLACE FUNCTION admin_tallies_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_tallies AS t (tx, day, members, signups)
    SELECT pg_current_xact_id()::text::bigint, d.day, d.members, d.signups FROM (
      SELECT ((n.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date AS day,
        count(*) FILTER (WHERE n.status = 'ACTIVE') AS members, count(*) AS signups
      FROM new_rows n WHERE n.role = 'USER' GROUP BY 1) d
    ON CONFLICT (tx, day) DO UPDATE SET members = t.members + EXCLUDED.members, signups = t.signups + EXCLUDED.signups;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO admin_tallies AS t (tx, day, members, signups)
    SELECT pg_current_xact_id()::text::bigint, d.day, -d.members, -d.signups FROM (
      SELECT ((o.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date AS day,
        count(*) FILTER (WHERE o.status = 'ACTIVE') AS members, count(*) AS signups
      FROM old_rows o WHERE o.role = 'USER' GROUP BY 1) d
    ON CONFLICT (tx, day) DO UPDATE SET members = t.members + EXCLUDED.members, signups = t.signups + EXCLUDED.signups;
  ELSE
    INSERT INTO admin_tallies AS t (tx, day, members, signups)
    SELECT pg_current_xact_id()::text::bigint, d.day, COALESCE(d.members, 0), d.signups FROM (
      SELECT ((c.created_at AT TIME ZONE 'UTC') + interval '9 hours')::date AS day,
        sum(c.sign) FILTER (WHERE c.status = 'ACTIVE') AS members, sum(c.sign) AS signups
      FROM (
        SELECT n.created_at, n.status, 1 AS sign FROM new_rows n WHERE n.role = 'USER'
        UNION ALL
        SELECT o.created_at, o.status, -1 FROM old_rows o WHERE o.role = 'USER'
      ) c GROUP BY 1) d
    WHERE COALESCE(d.members, 0) <> 0 OR d.signups <> 0
    ON CONFLICT (tx, day) DO UPDATE SET members = t.members + EXCLUDED.members, signups = t.signups + EXCLUDED.signups;
  END IF;
  IF FOUND AND random() < 1.0 / 32 THEN
    PERFORM admin_tallies_fold();
  END IF;
  RETURN NULL;
END;
$$;
