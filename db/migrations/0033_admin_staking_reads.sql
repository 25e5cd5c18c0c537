-- 0033_admin_staking_reads: two more admin console reads at 1,000,000 members without a full scan or a full sort
-- (docs/scaling.md, "Hot queries at that size"; db/queries/staking-admin.ts, db/queries/admin-id-documents.ts).
--
-- On a large live database, build each index first with CREATE INDEX CONCURRENTLY and the same name and definition
-- (outside a transaction; it does not block writes), then run the migrations: `IF NOT EXISTS` finds it and goes on.
-- This file runs inside the migration's one transaction, where CONCURRENTLY is not allowed; on an empty or small
-- database the plain build takes moments (on 1,000,000 members, 168,000 staking movements: < 1 s each, ~5-7 MB).
--
-- Staking records: the STAKING transactions in the page's order, newest first (a date range is the index's
-- condition), counted index-only; and one member's the same way.
CREATE INDEX IF NOT EXISTS "transactions_staking_created_idx" ON "transactions" ("created_at" DESC, "id" DESC) WHERE "type" = 'STAKING';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_staking_user_idx" ON "transactions" ("user_id", "created_at" DESC, "id" DESC) WHERE "type" = 'STAKING';
--> statement-breakpoint
-- The ID review queue in its order, oldest first: a page reads its first rows instead of sorting every pending
-- document.
CREATE INDEX IF NOT EXISTS "id_documents_pending_created_idx" ON "id_documents" ("created_at", "id") WHERE "status" = 'PENDING' AND "erased_at" IS NULL;
