-- 0032_admin_search_more: the admin request queue's search and the referral codes' search at 1,000,000 members
-- without a walk of every request or a scan of every member (docs/scaling.md, "Hot queries at that size"; the
-- queries: db/queries/admin-request-keys.ts and admin-referral-codes.ts).
--
-- On a large live database, build each index first with CREATE INDEX CONCURRENTLY and the same name and definition
-- (outside a transaction; it does not block writes), then run the migrations: `IF NOT EXISTS` finds it and goes on.
-- This file runs inside the migration's one transaction, where CONCURRENTLY is not allowed; on an empty or small
-- database the plain build takes moments (on 1,000,000 members and 170,000 requests: the referral codes' grams
-- ~16 s, their trigrams ~4 s, the requests' indexes < 1 s each).
--
-- The grams indexes hold db/functions/search_grams.sql's result: a change to that function's body must come with a
-- REINDEX of requests_depositor_grams_idx and users_ref_code_grams_idx too (as of users_search_grams_idx).
--
-- The queue searched by member: the matching members' requests (found through the member search's own indexes,
-- users_*_trgm_idx and users_search_grams_idx), each member's requests in the queue's order.
CREATE INDEX IF NOT EXISTS "requests_user_created_idx" ON "requests" ("user_id", "created_at", "id");
--> statement-breakpoint
-- The queue searched by 입금자명: a fragment of three or more characters by its trigrams, of one or two by its grams.
CREATE INDEX IF NOT EXISTS "requests_depositor_name_trgm_idx" ON "requests" USING gin ("depositor_name" gin_trgm_ops) WHERE "depositor_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requests_depositor_grams_idx" ON "requests" USING gin (search_grams("depositor_name")) WHERE "depositor_name" IS NOT NULL;
--> statement-breakpoint
-- The referral codes searched by code (the owner's handle: users_user_id_trgm_idx and users_search_grams_idx).
CREATE INDEX IF NOT EXISTS "users_ref_code_trgm_idx" ON "users" USING gin ("ref_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_ref_code_grams_idx" ON "users" USING gin (search_grams("ref_code"));
