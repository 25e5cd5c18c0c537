-- Issue 26: every way around four-eyes closed. New proposal kinds: a KRW deposit (buy) approval above the limit
-- (`deposit`), granting an administrator role (`role`), resetting another administrator's password or two-factor
-- (`password_reset`, `two_factor_reset`), and creating a staking product whose rate would be in force
-- (`product_create`). A proposal whose proposer is demoted or deactivated is CANCELLED with the reason in
-- decision_note.
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_kind_check";
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_kind_check" CHECK ("kind" IN ('coin', 'coinunhist', 'interest', 'staking', 'member_rate', 'product_rate', 'withdraw_limit', 'deposit', 'role', 'password_reset', 'two_factor_reset', 'product_create'));
--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_status_check";
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_status_check" CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED'));
