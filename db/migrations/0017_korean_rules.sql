-- Issue 27: money that leaves follows the Korean rules. The data this needs; the rules that read it come in the
-- migrations after this one and in lib/.
--   RETURNED: a transfer or withdrawal the receiving exchange refused through its Travel Rule service (반환됨; the
--     reason in requests.reason): like a rejection, the hold goes back to the member.
--   requests.credited_at: when a KRW deposit's WLD was credited (the application clock, lib/clock.ts): coins bought
--     with KRW cannot leave for KRW_HOLD_HOURS after it.
--   destinations: the exchanges a member may send to (the spec's lists, now data an administrator manages).
--   address_challenges, personal_wallets: a personal wallet receives only after its owner signed a one-time message.
--   travel_rule_records: the IVMS 101 record of each request at or above TRAVEL_RULE_THRESHOLD_KRW.
ALTER TYPE "public"."request_status" ADD VALUE 'RETURNED';
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "credited_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "requests_user_credited_idx" ON "requests" ("user_id", "credited_at") WHERE "type" = 'DEPOSIT' AND "credited_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "destinations" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "networks" text[] NOT NULL,
  "kind" text NOT NULL,
  "travel_rule_partner" text,
  "status" text NOT NULL DEFAULT 'ALLOWED',
  "memo" text,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now(),
  "changed_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "destinations_kind_check" CHECK ("kind" IN ('KR_VASP', 'FOREIGN')),
  CONSTRAINT "destinations_partner_check" CHECK ("travel_rule_partner" IN ('VERIFYVASP', 'CODE')),
  CONSTRAINT "destinations_status_check" CHECK ("status" IN ('ALLOWED', 'BLOCKED')),
  CONSTRAINT "destinations_networks_check" CHECK (cardinality("networks") > 0 AND "networks" <@ ARRAY['ERC20', 'OP', 'WORLDCHAIN'])
);
--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_name_lower_uq" ON "destinations" (lower("name"));
--> statement-breakpoint
-- The spec's lists (§9). The Korean exchanges are registered VASPs (Upbit exchanges Travel Rule data through
-- VerifyVASP, Bithumb, Coinone and Korbit through CODE) and allowed; the foreign ones are not registered with the
-- Korean FIU, so a Korean operator blocks them until it has verified a Travel Rule connection (unblocking is a
-- four-eyes proposal).
INSERT INTO "destinations" ("name", "networks", "kind", "travel_rule_partner", "status", "memo") VALUES
  ('Upbit', ARRAY['ERC20', 'OP', 'WORLDCHAIN'], 'KR_VASP', 'VERIFYVASP', 'ALLOWED', NULL),
  ('Bithumb', ARRAY['ERC20', 'OP'], 'KR_VASP', 'CODE', 'ALLOWED', NULL),
  ('Coinone', ARRAY['ERC20', 'OP'], 'KR_VASP', 'CODE', 'ALLOWED', NULL),
  ('Korbit', ARRAY['ERC20'], 'KR_VASP', 'CODE', 'ALLOWED', NULL),
  ('Binance', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('OKX', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Bybit', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Coinbase', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Kraken', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('KuCoin', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Gate.io', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Bitget', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('MEXC', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('HTX', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Crypto.com', ARRAY['ERC20', 'OP'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소'),
  ('Bitfinex', ARRAY['ERC20'], 'FOREIGN', NULL, 'BLOCKED', '국내 미신고 해외 거래소');
--> statement-breakpoint
CREATE TABLE "address_challenges" (
  "nonce" text PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "network" text NOT NULL,
  "address" text NOT NULL,
  "message" text NOT NULL,
  "issued_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "address_challenges_user_idx" ON "address_challenges" ("user_id", "issued_at");
--> statement-breakpoint
CREATE TABLE "personal_wallets" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "address" text NOT NULL,
  "nonce" text NOT NULL REFERENCES "address_challenges"("nonce"),
  "signature" text NOT NULL,
  "verified_at" timestamp with time zone NOT NULL,
  CONSTRAINT "personal_wallets_address_check" CHECK ("address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "personal_wallets_user_address_uq" ON "personal_wallets" ("user_id", "address");
--> statement-breakpoint
CREATE TABLE "travel_rule_records" (
  "id" bigserial PRIMARY KEY,
  "request_id" bigint NOT NULL REFERENCES "requests"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "threshold_krw" numeric(20, 0) NOT NULL,
  "amount" numeric(38, 18) NOT NULL,
  "amount_krw" numeric(20, 0) NOT NULL,
  "network" text NOT NULL,
  "exchange" text NOT NULL,
  "address" text NOT NULL,
  "beneficiary_name" text NOT NULL,
  "self_owned" boolean NOT NULL,
  "relationship" text,
  "ivms101" jsonb NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "travel_rule_records_relationship_check" CHECK ("self_owned" OR "relationship" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "travel_rule_records_request_uq" ON "travel_rule_records" ("request_id");
--> statement-breakpoint
CREATE INDEX "travel_rule_records_created_idx" ON "travel_rule_records" ("created_at");
--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_kind_check";
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_kind_check" CHECK ("kind" IN ('coin', 'coinunhist', 'interest', 'staking', 'member_rate', 'product_rate', 'withdraw_limit', 'deposit', 'role', 'password_reset', 'two_factor_reset', 'product_create', 'destination_unblock'));
