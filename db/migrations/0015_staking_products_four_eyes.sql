-- The history of staking rates (SECURITY I39): a reward day is paid at the rates in force when it ended, whenever it
-- runs (the 00:05 run, or a catch-up days later), never at the rates of the moment it runs. Every change of what
-- decides a rate — a product's coin, rate, minimum or state; a member's own rate or chosen product — is kept as a
-- version with the instant it took effect, written by the triggers below whoever writes the row (the app, the seed,
-- a script). The instant is the row's updated_at when the writer set one (the app passes its clock, lib/clock.ts),
-- else the transaction's time, and never before the previous version of the same row: versions of a row only move
-- forward in time.
CREATE TABLE "staking_product_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"coin_symbol" "coin" NOT NULL,
	"annual_rate" numeric(12, 6) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"active" boolean NOT NULL,
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_staking_rate_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin_symbol" "coin" NOT NULL,
	"product_id" integer,
	"annual_rate" numeric(12, 6),
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staking_product_versions" ADD CONSTRAINT "staking_product_versions_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_staking_rate_versions" ADD CONSTRAINT "member_staking_rate_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_staking_rate_versions" ADD CONSTRAINT "member_staking_rate_versions_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staking_product_versions_product_idx" ON "staking_product_versions" USING btree ("product_id","valid_from");
--> statement-breakpoint
CREATE INDEX "member_staking_rate_versions_member_idx" ON "member_staking_rate_versions" USING btree ("user_id","coin_symbol","valid_from");
--> statement-breakpoint
-- What was there before the history: each product as found, from its creation (it paid nothing before it existed);
-- each member's own row as found, from the member's sign-up. Days still unpaid from before this migration are
-- therefore paid at the rates found here, as the run did until now.
INSERT INTO "staking_product_versions" ("product_id", "coin_symbol", "annual_rate", "min_amount", "active", "valid_from")
SELECT "id", "coin_symbol", "annual_rate", "min_amount", "active", "created_at" FROM "staking_products";
--> statement-breakpoint
INSERT INTO "member_staking_rate_versions" ("user_id", "coin_symbol", "product_id", "annual_rate", "valid_from")
SELECT m."user_id", m."coin_symbol", m."product_id", m."annual_rate", u."created_at"
FROM "member_staking_rates" m JOIN "users" u ON u."id" = m."user_id";
--> statement-breakpoint
--> function: db/functions/staking_product_version.sql
--> statement-breakpoint
CREATE TRIGGER staking_products_version AFTER INSERT OR UPDATE ON staking_products
  FOR EACH ROW EXECUTE FUNCTION staking_product_version();
--> statement-breakpoint
-- A member's row removed (or moved to another member or coin) leaves a version without a rate or product there.
--> function: db/functions/member_staking_rate_version.sql
--> statement-breakpoint
CREATE TRIGGER member_staking_rates_version AFTER INSERT OR UPDATE OR DELETE ON member_staking_rates
  FOR EACH ROW EXECUTE FUNCTION member_staking_rate_version();
--> statement-breakpoint
-- The history is append-only: what a paid day was paid at cannot be rewritten.
--> function: db/functions/staking_rate_versions_append_only.sql
--> statement-breakpoint
CREATE TRIGGER staking_product_versions_no_update BEFORE UPDATE OR DELETE ON staking_product_versions
  FOR EACH ROW EXECUTE FUNCTION staking_rate_versions_append_only();
--> statement-breakpoint
CREATE TRIGGER staking_product_versions_no_truncate BEFORE TRUNCATE ON staking_product_versions
  FOR EACH STATEMENT EXECUTE FUNCTION staking_rate_versions_append_only();
--> statement-breakpoint
CREATE TRIGGER member_staking_rate_versions_no_update BEFORE UPDATE OR DELETE ON member_staking_rate_versions
  FOR EACH ROW EXECUTE FUNCTION staking_rate_versions_append_only();
--> statement-breakpoint
CREATE TRIGGER member_staking_rate_versions_no_truncate BEFORE TRUNCATE ON member_staking_rate_versions
  FOR EACH STATEMENT EXECUTE FUNCTION staking_rate_versions_append_only();
