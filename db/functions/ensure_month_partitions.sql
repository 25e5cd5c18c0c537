-- Monthly partitions of notifications (by created_at) and staking_rewards (by day), KST months (docs/scaling.md
-- section 2; migration 0029): creates every month's partition from p_from's month through p_months_ahead months
-- after the current one, and moves partitions that ended before the online window into the schema `archive`
-- (p_notifications_keep_months, p_rewards_keep_months; 0 keeps them attached). Nothing is ever deleted (money
-- records are kept 15 years, docs/operations.md "Retention"): a detached partition stays a table in `archive`, with
-- its own never-deleted guard (money_records_kept), readable by the owner; the app role has no access to that schema.
-- An operator moves it to cheaper storage with ALTER TABLE archive.<name> SET TABLESPACE <cold> (docs/operations.md).
-- A row whose month had no partition yet went to the parent's DEFAULT partition (a write never fails for a missing
-- month): creating that month moves those rows into it (the default partition is swapped for an empty one and its
-- rows inserted again through the parent: moved, none lost, the ids kept).
-- A new month is a table of its own attached to the parent (ATTACH takes a lock that lets reads and writes go on);
-- it inherits the parent's indexes, foreign keys and row triggers (the DELETE guard), gets the TRUNCATE guard
-- (statement triggers are not inherited), and keeps no privilege of the app role (the app reaches rows through the
-- parent, db/roles.ts). An EMPTY legacy partition (a database built after the cutover) ends at p_from's month
-- instead, so a generated history gets its months (scripts/scale/generate.ts). Returns one line per change.
-- SECURITY DEFINER, owned by the migrator: the app role, which owns nothing, may run it (lib/partitions/job.ts); one
-- caller at a time (advisory lock).
CREATE OR REPLACE FUNCTION ensure_month_partitions(
  p_from timestamptz DEFAULT now(),
  p_months_ahead integer DEFAULT 3,
  p_notifications_keep_months integer DEFAULT 24,
  p_rewards_keep_months integer DEFAULT 0
) RETURNS SETOF text
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
SET TimeZone = 'Asia/Seoul'
SET DateStyle = 'ISO, YMD'
SET lock_timeout = '10s'
AS $$
DECLARE
  parent text;
  col text;
  keep integer;
  m timestamptz;
  lo timestamptz;
  hi timestamptz;
  name text;
  found_row integer;
  part record;
  grantee record;
  moving text;
  -- Each partition of $1 with its range as timestamptz (a date bound is its KST midnight; the default has none).
  bounds constant text := $q$
    SELECT c.relname::text AS relname,
      CASE WHEN b.r[1] = 'MINVALUE' THEN '-infinity'::timestamptz ELSE btrim(b.r[1], '''')::timestamptz END AS lower,
      CASE WHEN b.r[2] = 'MAXVALUE' THEN 'infinity'::timestamptz ELSE btrim(b.r[2], '''')::timestamptz END AS upper
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \((.*)\) TO \((.*)\)') AS b (r)
    WHERE i.inhparent = $1::regclass AND b.r IS NOT NULL$q$;
BEGIN
  PERFORM pg_advisory_xact_lock(727270029);
  FOREACH parent IN ARRAY ARRAY['notifications', 'staking_rewards'] LOOP
    col := CASE parent WHEN 'notifications' THEN 'created_at' ELSE 'day' END;
    keep := CASE parent WHEN 'notifications' THEN p_notifications_keep_months ELSE p_rewards_keep_months END;
    m := date_trunc('month', p_from);
    -- An empty legacy partition reaching past p_from's month ends there.
    EXECUTE format('SELECT upper FROM (%s) x WHERE relname = $2', bounds) INTO hi
      USING 'public.' || parent, parent || '_legacy';
    IF hi > m THEN
      EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM public.%I LIMIT 1) x', parent || '_legacy') INTO found_row;
      IF found_row = 0 THEN
        EXECUTE format('ALTER TABLE public.%I DETACH PARTITION public.%I', parent, parent || '_legacy');
        EXECUTE format('ALTER TABLE public.%I DROP CONSTRAINT %I', parent || '_legacy', parent || '_legacy_cutover');
        EXECUTE format('ALTER TABLE public.%I ADD CONSTRAINT %I CHECK (%I < %L)', parent || '_legacy',
          parent || '_legacy_cutover', col, CASE col WHEN 'day' THEN m::date::text ELSE m::text END);
        EXECUTE format('ALTER TABLE public.%I ATTACH PARTITION public.%I FOR VALUES FROM (MINVALUE) TO (%L)', parent,
          parent || '_legacy', CASE col WHEN 'day' THEN m::date::text ELSE m::text END);
        RETURN NEXT format('%s now ends at %s', parent || '_legacy', m);
      END IF;
    END IF;
    WHILE m <= date_trunc('month', now()) + make_interval(months => p_months_ahead) LOOP
      -- The part of the month no partition covers yet (the legacy partition ends at the cutover, mid-month).
      EXECUTE format('SELECT max(upper) FROM (%s) x WHERE lower <= $2 AND upper > $2', bounds)
        INTO lo USING 'public.' || parent, m;
      lo := greatest(m, coalesce(lo, m));
      EXECUTE format('SELECT min(lower) FROM (%s) x WHERE lower > $2 AND lower < $3', bounds)
        INTO hi USING 'public.' || parent, lo, m + interval '1 month';
      hi := coalesce(hi, m + interval '1 month');
      IF lo < hi THEN
        name := parent || '_' || to_char(m, 'YYYY_MM');
        IF to_regclass('public.' || quote_ident(name)) IS NOT NULL THEN
          name := name || '_' || to_char(lo, 'DD');
        END IF;
        EXECUTE format('CREATE TABLE public.%I (LIKE public.%I INCLUDING DEFAULTS)', name, parent);
        -- Rows of that month in the default partition: swap it for an empty one and route them again.
        EXECUTE format('SELECT count(*) FROM public.%I WHERE %I >= $1 AND %I < $2', parent || '_default', col, col)
          INTO found_row USING lo, hi;
        moving := NULL;
        IF found_row > 0 THEN
          moving := parent || '_default_moving';
          EXECUTE format('ALTER TABLE public.%I DETACH PARTITION public.%I', parent, parent || '_default');
          EXECUTE format('ALTER TABLE public.%I RENAME TO %I', parent || '_default', moving);
          EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I DEFAULT', parent || '_default', parent);
          EXECUTE format(
            'CREATE TRIGGER %I BEFORE TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept()',
            parent || '_default_no_truncate', parent || '_default');
        END IF;
        EXECUTE format('ALTER TABLE public.%I ATTACH PARTITION public.%I FOR VALUES FROM (%L) TO (%L)', parent, name,
          CASE col WHEN 'day' THEN lo::date::text ELSE lo::text END,
          CASE col WHEN 'day' THEN hi::date::text ELSE hi::text END);
        EXECUTE format(
          'CREATE TRIGGER %I BEFORE TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept()',
          name || '_no_truncate', name);
        RETURN NEXT 'created ' || name;
        IF moving IS NOT NULL THEN
          -- Every row goes back through the parent: this month's into it, the others into the new default.
          EXECUTE format('INSERT INTO public.%I SELECT * FROM public.%I', parent, moving);
          EXECUTE format('DROP TABLE public.%I', moving);
          RETURN NEXT format('moved %s rows from %s into %s', found_row, parent || '_default', name);
        END IF;
        -- The parent's grants are the app's way in; a partition keeps none (default privileges gave it some).
        FOR grantee IN
          SELECT DISTINCT c.relname, a.grantee FROM pg_class c, aclexplode(c.relacl) a
          WHERE c.oid IN (('public.' || quote_ident(name))::regclass,
                          ('public.' || quote_ident(parent || '_default'))::regclass)
            AND a.grantee <> c.relowner
        LOOP
          EXECUTE format('REVOKE ALL ON public.%I FROM %s', grantee.relname,
            CASE WHEN grantee.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(grantee.grantee)) END);
        END LOOP;
      END IF;
      m := m + interval '1 month';
    END LOOP;
    -- The online window: partitions that ended before it leave for the archive schema, whole.
    IF keep > 0 THEN
      FOR part IN EXECUTE format('SELECT relname FROM (%s) x WHERE upper <= $2 ORDER BY lower', bounds)
        USING 'public.' || parent, date_trunc('month', now()) - make_interval(months => keep)
      LOOP
        EXECUTE format('ALTER TABLE public.%I DETACH PARTITION public.%I', parent, part.relname);
        EXECUTE format('ALTER TABLE public.%I SET SCHEMA archive', part.relname);
        -- A detached partition loses the parent's row trigger: the DELETE guard of its own.
        EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON archive.%I FOR EACH ROW EXECUTE FUNCTION money_records_kept()',
          part.relname || '_no_delete', part.relname);
        RETURN NEXT 'archived ' || part.relname;
      END LOOP;
    END IF;
  END LOOP;
END;
$$;
