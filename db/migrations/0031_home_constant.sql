-- 0031_home_constant: every member page reads the member's freeze state (components/member/frozen-banner.tsx,
-- db/queries/account-freezes.ts freezeStateOf), which looks for a pending `account_unfreeze` proposal of the
-- member. proposals_target_idx reaches every proposal ever made about the member (credits, rates, resets …) and the
-- primary key walks the whole table backwards when there is none; this index holds only the pending unfreezes, so
-- the page reads the same whatever the member's history (docs/benchmarks.md, bench/home-history.ts).
CREATE INDEX IF NOT EXISTS "proposals_pending_unfreeze_idx" ON "proposals" USING btree ("target_user_id", "id")
	WHERE "kind" = 'account_unfreeze' AND "status" = 'PENDING';
