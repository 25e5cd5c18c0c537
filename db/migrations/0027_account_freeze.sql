-- 0027_account_freeze: the panic button (lib/account/freeze.ts). A member freezes their own account from Settings or
-- from the new-device notification's link: every session ends and nothing can leave until they unfreeze it with
-- their password (and second factor), or an administrator's unfreeze is approved by a second one (four-eyes kind
-- `account_unfreeze`). `users.frozen_at` is the state the money statements read under the member's row lock;
-- `account_freezes` keeps the history (who froze, how, who unfroze and how): rows are closed, never deleted.
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "account_freezes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"frozen_at" timestamp with time zone NOT NULL,
	"frozen_by" integer NOT NULL REFERENCES "users"("id"),
	"how" text NOT NULL,
	"ip" text,
	"unfrozen_at" timestamp with time zone,
	"unfrozen_by" integer REFERENCES "users"("id"),
	"unfreeze_how" text,
	"proposal_id" bigint REFERENCES "proposals"("id"),
	CONSTRAINT "account_freezes_how_check" CHECK ("how" IN ('SETTINGS', 'NOTIFICATION')),
	CONSTRAINT "account_freezes_unfreeze_how_check" CHECK ("unfreeze_how" IN ('SELF', 'PROPOSAL')),
	CONSTRAINT "account_freezes_closed_check" CHECK (("unfrozen_at" IS NULL) = ("unfrozen_by" IS NULL)
		AND ("unfrozen_at" IS NULL) = ("unfreeze_how" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_freezes_open_uq" ON "account_freezes" ("user_id") WHERE "unfrozen_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "account_freezes_user_idx" ON "account_freezes" ("user_id", "id");
--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_kind_check";
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_kind_check" CHECK ("kind" IN ('coin', 'coinunhist', 'interest', 'staking', 'member_rate', 'product_rate', 'withdraw_limit', 'deposit', 'role', 'password_reset', 'two_factor_reset', 'product_create', 'destination_unblock', 'account_unfreeze'));
