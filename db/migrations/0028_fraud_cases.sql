-- 0028_fraud_cases: fraud rules and cases (lib/fraud). Three rules, each one row of fraud_rules with its parameters
-- (one table holds them all; compliance edits them, audited), judged inside the transaction that creates a money
-- request (transfer/withdraw: lib/fraud/rules.ts joins the request's one statement) or a sign-up (the referral
-- burst). A hit opens a fraud_cases row; while a case on a request is OPEN the request is held (it stays PENDING and
-- no administrator can approve it: 409 CASE_OPEN). The case is decided within three business days (due_at, weekends
-- and korean_holidays, lib/fraud/business-days.ts) as CLEARED (the request goes on) or REPORTED (the request is
-- rejected, the suspicious-transaction report draft kept in report_draft).
-- users.password_changed_at and users.payout_addr_set_at: when the member's password last changed (their own change
-- or a reset) and when their payout address was set, on the application clock (lib/clock.ts), read by the rules
-- from the member row the request statement locks anyway.
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_addr_set_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "fraud_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"params" jsonb NOT NULL,
	"updated_by" integer REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_rules_key_check" CHECK ("key" IN ('new_device_new_address', 'drain_after_password_change', 'referral_burst')),
	CONSTRAINT "fraud_rules_params_check" CHECK (jsonb_typeof("params") = 'object')
);
--> statement-breakpoint
-- (a) a login from a new device and a payout address set within windowHours, and an amount over minAmountKrw (the
-- request's KRW value) or over minAmountWld (null: that threshold is off); (b) a request whose total (amount + fee)
-- is more than balanceShare of the member's WLD within windowMinutes of a password change; (c) `count` sign-ups
-- through one referral code from one client address within windowMinutes.
INSERT INTO "fraud_rules" ("key", "params") VALUES
	('new_device_new_address', '{"windowHours": 24, "minAmountKrw": "1000000", "minAmountWld": null}'),
	('drain_after_password_change', '{"windowMinutes": 60, "balanceShare": "0.9"}'),
	('referral_burst', '{"count": 5, "windowMinutes": 10}');
--> statement-breakpoint
CREATE TABLE "fraud_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_key" text NOT NULL REFERENCES "fraud_rules"("key"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"request_id" bigint REFERENCES "requests"("id"),
	"subject_key" text,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"decided_by" integer REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"report_draft" jsonb,
	CONSTRAINT "fraud_cases_status_check" CHECK ("status" IN ('OPEN', 'CLEARED', 'REPORTED')),
	CONSTRAINT "fraud_cases_decided_check" CHECK (("status" = 'OPEN') = ("decided_at" IS NULL)),
	CONSTRAINT "fraud_cases_subject_check" CHECK (("request_id" IS NULL) = ("subject_key" IS NOT NULL))
);
--> statement-breakpoint
-- Exactly one case per request and rule, however many statements race on it.
CREATE UNIQUE INDEX "fraud_cases_request_rule_uq" ON "fraud_cases" ("rule_key", "request_id") WHERE "request_id" IS NOT NULL;
--> statement-breakpoint
-- A burst (rule c): one OPEN case per referral code and client address; later sign-ups add to its evidence.
CREATE UNIQUE INDEX "fraud_cases_subject_open_uq" ON "fraud_cases" ("rule_key", "subject_key") WHERE "status" = 'OPEN' AND "subject_key" IS NOT NULL;
--> statement-breakpoint
-- The hold: is this request's case still OPEN (approvals, the member's and the queue's lists).
CREATE INDEX "fraud_cases_open_request_idx" ON "fraud_cases" ("request_id") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "fraud_cases_status_due_idx" ON "fraud_cases" ("status", "due_at");
--> statement-breakpoint
CREATE INDEX "fraud_cases_user_idx" ON "fraud_cases" ("user_id");
--> statement-breakpoint
-- A case is a record the law keeps (특정금융정보법: 5 years): updated while it is decided, never deleted.
CREATE TRIGGER "fraud_cases_no_delete" BEFORE DELETE ON "fraud_cases" FOR EACH ROW EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
CREATE TRIGGER "fraud_cases_no_truncate" BEFORE TRUNCATE ON "fraud_cases" FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept();
--> statement-breakpoint
-- The Korean public holidays (관공서의 공휴일에 관한 규정, with substitute holidays; 우주항공청 월력요항) that the
-- three-business-day clock skips besides weekends. Add the next year's rows before it begins.
CREATE TABLE "korean_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "korean_holidays" ("date", "name_ko", "name_en") VALUES
	('2026-01-01', '신정', 'New Year''s Day'),
	('2026-02-16', '설날 연휴', 'Seollal holiday'),
	('2026-02-17', '설날', 'Seollal'),
	('2026-02-18', '설날 연휴', 'Seollal holiday'),
	('2026-03-01', '삼일절', 'Independence Movement Day'),
	('2026-03-02', '대체공휴일(삼일절)', 'Substitute holiday (Independence Movement Day)'),
	('2026-05-01', '노동절', 'Labour Day'),
	('2026-05-05', '어린이날', 'Children''s Day'),
	('2026-05-24', '부처님오신날', 'Buddha''s Birthday'),
	('2026-05-25', '대체공휴일(부처님오신날)', 'Substitute holiday (Buddha''s Birthday)'),
	('2026-06-03', '전국동시지방선거', 'Local elections'),
	('2026-06-06', '현충일', 'Memorial Day'),
	('2026-07-17', '제헌절', 'Constitution Day'),
	('2026-08-15', '광복절', 'Liberation Day'),
	('2026-08-17', '대체공휴일(광복절)', 'Substitute holiday (Liberation Day)'),
	('2026-09-24', '추석 연휴', 'Chuseok holiday'),
	('2026-09-25', '추석', 'Chuseok'),
	('2026-09-26', '추석 연휴', 'Chuseok holiday'),
	('2026-10-03', '개천절', 'National Foundation Day'),
	('2026-10-05', '대체공휴일(개천절)', 'Substitute holiday (National Foundation Day)'),
	('2026-10-09', '한글날', 'Hangeul Day'),
	('2026-12-25', '크리스마스', 'Christmas Day'),
	('2027-01-01', '신정', 'New Year''s Day'),
	('2027-02-06', '설날 연휴', 'Seollal holiday'),
	('2027-02-07', '설날', 'Seollal'),
	('2027-02-08', '설날 연휴', 'Seollal holiday'),
	('2027-02-09', '대체공휴일(설날)', 'Substitute holiday (Seollal)'),
	('2027-03-01', '삼일절', 'Independence Movement Day'),
	('2027-05-01', '노동절', 'Labour Day'),
	('2027-05-03', '대체공휴일(노동절)', 'Substitute holiday (Labour Day)'),
	('2027-05-05', '어린이날', 'Children''s Day'),
	('2027-05-13', '부처님오신날', 'Buddha''s Birthday'),
	('2027-06-06', '현충일', 'Memorial Day'),
	('2027-07-17', '제헌절', 'Constitution Day'),
	('2027-07-19', '대체공휴일(제헌절)', 'Substitute holiday (Constitution Day)'),
	('2027-08-15', '광복절', 'Liberation Day'),
	('2027-08-16', '대체공휴일(광복절)', 'Substitute holiday (Liberation Day)'),
	('2027-09-14', '추석 연휴', 'Chuseok holiday'),
	('2027-09-15', '추석', 'Chuseok'),
	('2027-09-16', '추석 연휴', 'Chuseok holiday'),
	('2027-10-03', '개천절', 'National Foundation Day'),
	('2027-10-04', '대체공휴일(개천절)', 'Substitute holiday (National Foundation Day)'),
	('2027-10-09', '한글날', 'Hangeul Day'),
	('2027-10-11', '대체공휴일(한글날)', 'Substitute holiday (Hangeul Day)'),
	('2027-12-25', '크리스마스', 'Christmas Day'),
	('2027-12-27', '대체공휴일(크리스마스)', 'Substitute holiday (Christmas Day)');
