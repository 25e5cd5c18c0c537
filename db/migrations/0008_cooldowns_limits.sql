-- Issue 14 items 3 and 6: the member's money cool-down (until when new transfer and withdraw requests are
-- refused) and an optional per-member daily withdrawal limit in KRW (NULL: the configured default).
-- A transfer/withdraw request stores the KRW price of one coin at request time (price_krw, already a column),
-- so today's total in KRW is sum(amount × price_krw) over the member's requests since 00:00 KST.
ALTER TABLE "users" ADD COLUMN "money_cooldown_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_withdraw_limit_krw" numeric(20, 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_daily_withdraw_limit_krw_check" CHECK ("daily_withdraw_limit_krw" >= 0);--> statement-breakpoint
CREATE INDEX "requests_user_outgoing_created_idx" ON "requests" USING btree ("user_id","created_at") WHERE "type" IN ('TRANSFER', 'WITHDRAW');
