-- Monthly partitions of the two tables the reward run writes a row per staker and day into (docs/scaling.md
-- section 2): notifications by created_at, staking_rewards by day, KST months. The existing table is kept as it is
-- and attached as the partition of everything before the cutover (no row is copied): a CHECK constraint proves
-- its range first, so the ATTACH does not scan it again, and its indexes, unique constraint and foreign keys are
-- taken over by the parent's. Only what a partitioned key needs is built: the primary keys must contain the
-- partition key, (id, created_at) and (id, day); nothing references either id. The cutover is the KST day after
-- the newest row (the start of this KST month on an empty table), so the rows the next run writes go into a small
-- new partition. A DEFAULT partition takes a row whose month has no partition yet, so no write ever fails for a
-- missing month; ensure_month_partitions() creates the months (the cutover's through three months ahead here, then
-- daily, lib/partitions/job.ts), moves such rows into their month and detaches months past the online window
-- into the schema `archive`. Rows of both tables are never deleted (money_records_kept, on the parent: every
-- partition has it; db/roles.ts then grants the app no DELETE on them).
ALTER TABLE "notifications" RENAME TO "notifications_legacy";
--> statement-breakpoint
ALTER TABLE "notifications_legacy" RENAME CONSTRAINT "notifications_pkey" TO "notifications_legacy_id";
--> statement-breakpoint
ALTER INDEX "notifications_user_created_idx" RENAME TO "notifications_legacy_user_created_idx";
--> statement-breakpoint
ALTER INDEX "notifications_user_unread_idx" RENAME TO "notifications_legacy_user_unread_idx";
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint DEFAULT nextval('notifications_id_seq'::regclass) NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER SEQUENCE "notifications_id_seq" OWNED BY "notifications"."id";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "staking_rewards" RENAME TO "staking_rewards_legacy";
--> statement-breakpoint
ALTER TABLE "staking_rewards_legacy" RENAME CONSTRAINT "staking_rewards_pkey" TO "staking_rewards_legacy_id";
--> statement-breakpoint
ALTER TABLE "staking_rewards_legacy" RENAME CONSTRAINT "staking_rewards_day_uq" TO "staking_rewards_legacy_day_uq";
--> statement-breakpoint
ALTER INDEX "staking_rewards_user_created_idx" RENAME TO "staking_rewards_legacy_user_created_idx";
--> statement-breakpoint
CREATE TABLE "staking_rewards" (
	"id" bigint DEFAULT nextval('staking_rewards_id_seq'::regclass) NOT NULL,
	"user_id" integer NOT NULL,
	"coin_symbol" "coin" NOT NULL,
	"day" date NOT NULL,
	"staked_balance" numeric(38, 18) NOT NULL,
	"annual_rate" numeric(12, 6) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staking_rewards_pkey" PRIMARY KEY ("id", "day"),
	CONSTRAINT "staking_rewards_day_uq" UNIQUE("user_id","coin_symbol","day")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
ALTER SEQUENCE "staking_rewards_id_seq" OWNED BY "staking_rewards"."id";
--> statement-breakpoint
ALTER TABLE "staking_rewards" ADD CONSTRAINT "staking_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staking_rewards" ADD CONSTRAINT "staking_rewards_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staking_rewards_user_created_idx" ON "staking_rewards" USING btree ("user_id","created_at");
--> statement-breakpoint
-- A table has one primary key: the legacy tables' (id) gives way to the parents' (id, key), built by the ATTACH.
ALTER TABLE "notifications_legacy" DROP CONSTRAINT "notifications_legacy_id";
--> statement-breakpoint
ALTER TABLE "staking_rewards_legacy" DROP CONSTRAINT "staking_rewards_legacy_id";
--> statement-breakpoint
-- The new keys are built by the ATTACH below, under this migration's lock; an operator upgrading a big database
-- builds them beforehand without blocking anyone (docs/operations.md, "Monthly partitions"), and they are used here:
-- CREATE UNIQUE INDEX CONCURRENTLY notifications_id_created_uq ON notifications (id, created_at);
-- CREATE UNIQUE INDEX CONCURRENTLY staking_rewards_id_day_uq ON staking_rewards (id, day);
DO $$
BEGIN
  IF (SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass('public.notifications_id_created_uq')) THEN
    ALTER TABLE notifications_legacy ADD CONSTRAINT notifications_legacy_pkey PRIMARY KEY USING INDEX notifications_id_created_uq;
  END IF;
  IF (SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass('public.staking_rewards_id_day_uq')) THEN
    ALTER TABLE staking_rewards_legacy ADD CONSTRAINT staking_rewards_legacy_pkey PRIMARY KEY USING INDEX staking_rewards_id_day_uq;
  END IF;
END $$;
--> statement-breakpoint
-- The cutovers, and the legacy tables attached below them.
DO $$
DECLARE
  newest timestamptz;
  last_day date;
  month_start timestamptz := date_trunc('month', now() AT TIME ZONE 'Asia/Seoul') AT TIME ZONE 'Asia/Seoul';
  cut timestamptz;
  cut_day date;
BEGIN
  SELECT max(created_at) INTO newest FROM notifications_legacy;
  cut := coalesce((date_trunc('day', newest AT TIME ZONE 'Asia/Seoul') + interval '1 day') AT TIME ZONE 'Asia/Seoul',
                  month_start);
  EXECUTE format('ALTER TABLE notifications_legacy ADD CONSTRAINT notifications_legacy_cutover CHECK (created_at < %L::timestamptz)', cut);
  EXECUTE format('ALTER TABLE notifications ATTACH PARTITION notifications_legacy FOR VALUES FROM (MINVALUE) TO (%L)', cut);
  SELECT max(day) INTO last_day FROM staking_rewards_legacy;
  cut_day := coalesce(last_day + 1, (month_start AT TIME ZONE 'Asia/Seoul')::date);
  EXECUTE format('ALTER TABLE staking_rewards_legacy ADD CONSTRAINT staking_rewards_legacy_cutover CHECK (day < %L::date)', cut_day);
  EXECUTE format('ALTER TABLE staking_rewards ATTACH PARTITION staking_rewards_legacy FOR VALUES FROM (MINVALUE) TO (%L)', cut_day);
  PERFORM set_config('wld.partitions_from', least(cut, (cut_day::timestamp AT TIME ZONE 'Asia/Seoul'))::text, true);
END $$;
--> statement-breakpoint
CREATE TABLE "notifications_default" PARTITION OF "notifications" DEFAULT;
--> statement-breakpoint
CREATE TABLE "staking_rewards_default" PARTITION OF "staking_rewards" DEFAULT;
--> statement-breakpoint
--> function: db/functions/money_records_kept.sql
--> statement-breakpoint
CREATE TRIGGER "notifications_no_delete" BEFORE DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "notifications_no_truncate" BEFORE TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "staking_rewards_no_delete" BEFORE DELETE ON "staking_rewards" FOR EACH ROW EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "staking_rewards_no_truncate" BEFORE TRUNCATE ON "staking_rewards" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
-- A statement trigger is not inherited: each partition has its own TRUNCATE guard (ensure_month_partitions too).
CREATE TRIGGER "notifications_legacy_no_truncate" BEFORE TRUNCATE ON "notifications_legacy" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "notifications_default_no_truncate" BEFORE TRUNCATE ON "notifications_default" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "staking_rewards_legacy_no_truncate" BEFORE TRUNCATE ON "staking_rewards_legacy" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "staking_rewards_default_no_truncate" BEFORE TRUNCATE ON "staking_rewards_default" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
-- Detached months are kept here (never dropped); only the owner reads them.
CREATE SCHEMA IF NOT EXISTS "archive";
--> statement-breakpoint
--> function: db/functions/ensure_month_partitions.sql
--> statement-breakpoint
SELECT count(*) FROM ensure_month_partitions(current_setting('wld.partitions_from')::timestamptz);
--> statement-breakpoint
-- The KST day of the first staked entry, remembered (lib/staking/run.ts pendingDays: the reward calendar starts
-- there). Ledger entries are never changed or deleted, so once that day has ended long enough for every
-- transaction of it to have committed, it is final; finding it is a scan of the ledger, done once instead of at
-- every run (docs/scaling.md section 4).
CREATE TABLE "staking_first_day" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("one"),
	"day" date NOT NULL
);
--> statement-breakpoint
INSERT INTO "staking_first_day" ("day")
SELECT f.day FROM (
  SELECT ((min(e.created_at) AT TIME ZONE 'UTC') + interval '9 hours')::date AS day
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'staked'
) f
WHERE f.day < (now() AT TIME ZONE 'Asia/Seoul')::date - 1;
