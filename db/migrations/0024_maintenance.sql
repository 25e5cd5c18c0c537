-- Issue 30 item 2: maintenance per feature. An administrator pauses one feature (sign-up, members' login, swap, buy,
-- transfers and withdrawals per network) with a reason in Korean and English and an expected end (`until`); the
-- member's action answers 503 MAINTENANCE until an administrator resumes it (an end time that has passed lifts
-- nothing: lib/maintenance/pauses.ts). At most one open pause per feature (a partial unique index, which is also the
-- index the check on every member action reads); resumed pauses are the history and are never deleted.
CREATE TABLE "feature_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature" text NOT NULL,
	"reason_ko" text NOT NULL,
	"reason_en" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"paused_by" integer NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resumed_by" integer,
	"resumed_at" timestamp with time zone,
	"notice_id" integer,
	CONSTRAINT "feature_pauses_feature_check" CHECK ("feature" IN ('signup', 'login', 'swap', 'buy', 'transfer:OP', 'transfer:WORLDCHAIN', 'transfer:ERC20', 'withdraw:OP', 'withdraw:WORLDCHAIN', 'withdraw:ERC20')),
	CONSTRAINT "feature_pauses_resumed_check" CHECK ("resumed_by" IS NULL OR "resumed_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "feature_pauses" ADD CONSTRAINT "feature_pauses_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_pauses" ADD CONSTRAINT "feature_pauses_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_pauses" ADD CONSTRAINT "feature_pauses_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feature_pauses_open_uq" ON "feature_pauses" USING btree ("feature") WHERE "resumed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "feature_pauses_paused_at_idx" ON "feature_pauses" USING btree ("paused_at" DESC,"id" DESC);--> statement-breakpoint
-- The history is kept: no DELETE, no TRUNCATE (db/roles.ts reads the guard and grants the app role no DELETE).
--> function: db/functions/feature_pauses_kept.sql
--> statement-breakpoint
CREATE TRIGGER "feature_pauses_no_delete" BEFORE DELETE ON "feature_pauses" FOR EACH ROW EXECUTE FUNCTION feature_pauses_kept();--> statement-breakpoint
CREATE TRIGGER "feature_pauses_no_truncate" BEFORE TRUNCATE ON "feature_pauses" FOR EACH STATEMENT EXECUTE FUNCTION feature_pauses_kept();
