-- Issue 28: the books match the bank and the chain. The data this needs; the rules that read it are in lib/.
--   Money in: a KRW deposit carries a depositor name unique among the open deposits (입금자명: the member's name and
--     a 4-digit code, 7 characters at most, what a Korean bank prints); the bank's statements are uploaded and each
--     credit line is kept once (its identity, line_key), matched to the deposit it paid (requests.bank_line_id) or
--     listed for a person to resolve.
--   Money out: an approved transfer or withdrawal is APPROVED (to be sent); recording the transaction hash makes it
--     SENDING, the chain's confirmations PAID; a payout that cannot be made is FAILED (amount and fee go back).
--     Between approval and proof the coins sit in the system account `payouts` (in transit), so the ledger says at
--     every moment how much is approved but not yet proven sent. A hash serves one request, ever (payout_hashes).
--   job_leases: a job that must run on one instance at a time (the confirmations check) holds a lease row, not a
--     database lock, while it waits for the chain.
-- New enum values cannot be used in the transaction that adds them: the checks below compare ::text.
ALTER TYPE "public"."request_status" ADD VALUE 'SENDING';
--> statement-breakpoint
ALTER TYPE "public"."request_status" ADD VALUE 'PAID';
--> statement-breakpoint
ALTER TYPE "public"."request_status" ADD VALUE 'FAILED';
--> statement-breakpoint
ALTER TYPE "public"."account_kind" ADD VALUE 'payouts';
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner" CHECK (("user_id" IS NULL) = ("kind"::text IN ('external','fees','airdrop','rewards_pool','adjustments','payouts')));
--> statement-breakpoint
CREATE TABLE "bank_statement_uploads" (
  "id" bigserial PRIMARY KEY,
  "file_name" text NOT NULL,
  "file_sha256" text NOT NULL,
  "encoding" text NOT NULL,
  "uploaded_by" integer NOT NULL REFERENCES "users"("id"),
  "lines_total" integer NOT NULL DEFAULT 0,
  "lines_new" integer NOT NULL DEFAULT 0,
  "matched" integer NOT NULL DEFAULT 0,
  "review" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "bank_statement_uploads_encoding_check" CHECK ("encoding" IN ('UTF-8', 'EUC-KR'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
  "id" bigserial PRIMARY KEY,
  "upload_id" bigint NOT NULL REFERENCES "bank_statement_uploads"("id"),
  "line_key" text NOT NULL,
  "line_no" integer NOT NULL,
  "occurred_at" timestamp with time zone NOT NULL,
  "depositor_name" text NOT NULL,
  "amount_krw" numeric(20, 0) NOT NULL,
  "balance_krw" numeric(20, 0),
  "raw" text NOT NULL,
  "status" text NOT NULL,
  "review_reason" text,
  "request_id" bigint REFERENCES "requests"("id"),
  "resolved_by" integer REFERENCES "users"("id"),
  "resolved_at" timestamp with time zone,
  "resolution_note" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "bank_statement_lines_status_check" CHECK ("status" IN ('MATCHED', 'REVIEW', 'DISMISSED')),
  CONSTRAINT "bank_statement_lines_reason_check" CHECK ("review_reason" IN ('AMOUNT_MISMATCH', 'UNKNOWN_NAME', 'DUPLICATE_LINE', 'ALREADY_USED', 'LATE', 'REQUEST_CLOSED')),
  CONSTRAINT "bank_statement_lines_review_check" CHECK (("status" = 'REVIEW') = ("review_reason" IS NOT NULL) OR "status" = 'DISMISSED'),
  CONSTRAINT "bank_statement_lines_matched_check" CHECK ("status" <> 'MATCHED' OR "request_id" IS NOT NULL),
  CONSTRAINT "bank_statement_lines_amount_check" CHECK ("amount_krw" > 0)
);
--> statement-breakpoint
-- A line's identity: the same statement uploaded twice (or twice at once) inserts each line once.
CREATE UNIQUE INDEX "bank_statement_lines_key_uq" ON "bank_statement_lines" ("line_key");
--> statement-breakpoint
-- One matched line per deposit.
CREATE UNIQUE INDEX "bank_statement_lines_request_uq" ON "bank_statement_lines" ("request_id") WHERE "status" = 'MATCHED';
--> statement-breakpoint
CREATE INDEX "bank_statement_lines_review_idx" ON "bank_statement_lines" ("created_at") WHERE "status" = 'REVIEW';
--> statement-breakpoint
CREATE INDEX "bank_statement_lines_upload_idx" ON "bank_statement_lines" ("upload_id");
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "depositor_name" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "bank_line_id" bigint REFERENCES "bank_statement_lines"("id");
--> statement-breakpoint
-- The KRW the bank statement (or an administrator's approval naming it) confirmed arrived, and when: the deposit's
-- 입금 확인 step, also while its credit waits for a second administrator.
ALTER TABLE "requests" ADD COLUMN "krw_received" numeric(20, 0);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "krw_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payout_tx_hash" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payout_check" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payout_block" bigint;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payout_recorded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payout_recorded_by" integer REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_payout_check_check" CHECK ("payout_check" IN ('VERIFIED', 'UNVERIFIED'));
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_payout_hash_check" CHECK ("payout_tx_hash" ~ '^0x[0-9a-f]{64}$');
--> statement-breakpoint
CREATE INDEX "requests_depositor_name_idx" ON "requests" ("depositor_name") WHERE "depositor_name" IS NOT NULL;
--> statement-breakpoint
-- The depositor name tells the bank's line which deposit it pays, so it is unique among the deposits still waiting
-- for KRW. A partial unique index on requests cannot say "waiting" here (statuses added by ALTER TYPE cannot be used
-- in the transaction that migrates a fresh database), so each name has one row naming the deposit that holds it; a
-- new deposit takes a name over only when its holder is no longer PENDING or EXPIRED (lib/deposits/depositor-name.ts).
CREATE TABLE "deposit_names" (
  "name" text PRIMARY KEY,
  "request_id" bigint NOT NULL REFERENCES "requests"("id"),
  "taken_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Approved but not yet proven paid: the operator's queue, the confirmations job and the stuck list.
CREATE INDEX "requests_payout_open_idx" ON "requests" ("status", "updated_at") WHERE "type" IN ('TRANSFER', 'WITHDRAW');
--> statement-breakpoint
CREATE TABLE "payout_hashes" (
  "tx_hash" text PRIMARY KEY,
  "network" text NOT NULL,
  "request_id" bigint NOT NULL REFERENCES "requests"("id"),
  "recorded_by" integer NOT NULL REFERENCES "users"("id"),
  "recorded_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "payout_hashes_hash_check" CHECK ("tx_hash" ~ '^0x[0-9a-f]{64}$'),
  CONSTRAINT "payout_hashes_network_check" CHECK ("network" IN ('ERC20', 'OP', 'WORLDCHAIN'))
);
--> statement-breakpoint
CREATE INDEX "payout_hashes_request_idx" ON "payout_hashes" ("request_id");
--> statement-breakpoint
CREATE TABLE "job_leases" (
  "name" text PRIMARY KEY,
  "holder" text NOT NULL,
  "until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bank_statement_uploads', 'bank_statement_lines', 'payout_hashes'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION money_records_kept()',
      t || '_no_delete', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept()',
      t || '_no_truncate', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The daily limit counts what is on its way out: SENDING and PAID are approved requests one step further; FAILED
-- (refunded) frees its share like a rejection.
-- outgoing_krw(): db/functions/outgoing_krw.sql, applied after the migrations (db/migrate.ts).
