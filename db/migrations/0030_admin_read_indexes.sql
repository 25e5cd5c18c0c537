-- 0030_admin_read_indexes: the admin console's reads at 1,000,000 members without a full scan or a full sort
-- (docs/scaling.md, "Hot queries at that size"; the queries in db/queries: members.ts, admin-requests.ts,
-- admin-dashboard.ts, staking.ts).
--
-- On a large live database, build each index first with CREATE INDEX CONCURRENTLY and the same name and definition
-- (outside a transaction; it does not block writes), then run the migrations: `IF NOT EXISTS` finds it and goes on.
-- This file runs inside the migration's one transaction, where CONCURRENTLY is not allowed; on an empty or small
-- database the plain build takes moments (on 1,000,000 members: the bigram index ~30 s, the others < 1 s each).
--
-- The member search for a term of one or two characters (김, 김민): pg_trgm makes no trigram of it, so every
-- character and every pair of adjacent characters of the lower-cased handle and name (db/functions/search_grams.sql).
--> function: db/functions/search_grams.sql
CREATE INDEX IF NOT EXISTS "users_search_grams_idx" ON "users" USING gin ((search_grams("user_id") || search_grams("name")));
--> statement-breakpoint
-- The request queue, PENDING first: the PENDING rows in the queue's order, then every request in that order.
CREATE INDEX IF NOT EXISTS "requests_pending_created_idx" ON "requests" ("created_at", "id") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requests_created_idx" ON "requests" ("created_at", "id");
--> statement-breakpoint
-- Staking progress: the stakes in the page's order (largest first), and their count index-only (user_id included
-- for the test of the owner's status against the few inactive members).
CREATE INDEX IF NOT EXISTS "ledger_accounts_staked_balance_idx" ON "ledger_accounts" ("balance" DESC, "id") INCLUDE ("user_id") WHERE "kind" = 'staked' AND "balance" > 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_inactive_idx" ON "users" ("id") WHERE "status" <> 'ACTIVE';
--> statement-breakpoint
-- The dashboard's ID queue length: the pending documents and the members waiting for a decision, both index-only.
CREATE INDEX IF NOT EXISTS "id_documents_pending_idx" ON "id_documents" ("user_id") WHERE "status" = 'PENDING' AND "erased_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_id_pending_idx" ON "users" ("id") INCLUDE ("role") WHERE "status" = 'ACTIVE' AND "id_status" = 'PENDING';
--> statement-breakpoint
-- The dashboard's member counts, sign-ups per KST day and WLD owed per kind, kept by the writes that change them
-- (db/functions/admin_tallies_users.sql, admin_tallies_accounts.sql): each writing transaction adds its deltas to
-- its own rows (tx = its transaction id; day = a KST sign-up day, NULL for the WLD owed), folded now and then into
-- the running rows (tx = 0; admin_tallies_fold.sql). A figure is the sum of its column over every row: exact in any
-- snapshot, a primary's or a replica's. A derived cache, not a record: the fold deletes the rows it folds in.
CREATE TABLE IF NOT EXISTS "admin_tallies" (
	"tx" bigint NOT NULL,
	"day" date,
	"members" bigint DEFAULT 0 NOT NULL,
	"signups" bigint DEFAULT 0 NOT NULL,
	"wld_holding" numeric DEFAULT 0 NOT NULL,
	"wld_staked" numeric DEFAULT 0 NOT NULL,
	"wld_held" numeric DEFAULT 0 NOT NULL,
	"wld_rewards" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_tallies_tx_day_uq" UNIQUE NULLS NOT DISTINCT ("tx", "day")
);
--> statement-breakpoint
--> function: db/functions/admin_tallies_fold.sql
--> function: db/functions/admin_tallies_users.sql
CREATE TRIGGER "admin_tallies_users_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION admin_tallies_users();
--> statement-breakpoint
CREATE TRIGGER "admin_tallies_users_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION admin_tallies_users();
--> statement-breakpoint
CREATE TRIGGER "admin_tallies_users_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION admin_tallies_users();
--> statement-breakpoint
--> function: db/functions/admin_tallies_accounts.sql
CREATE TRIGGER "admin_tallies_accounts_insert" AFTER INSERT ON "ledger_accounts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION admin_tallies_accounts();
--> statement-breakpoint
CREATE TRIGGER "admin_tallies_accounts_update" AFTER UPDATE ON "ledger_accounts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION admin_tallies_accounts();
--> statement-breakpoint
CREATE TRIGGER "admin_tallies_accounts_delete" AFTER DELETE ON "ledger_accounts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION admin_tallies_accounts();
--> statement-breakpoint
-- The figures as they stand (writers wait for the count: a SHARE lock until this transaction ends).
--> function: db/functions/admin_tallies_rebuild.sql
SELECT admin_tallies_rebuild();
