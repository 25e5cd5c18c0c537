/**
 * The whole data model. Later features add behaviour, not tables.
 *
 * Money columns are numeric(38,18) (WLD has 18 decimals on chain) and travel as decimal strings;
 * only lib/ledger writes ledger_accounts, ledger_postings, ledger_entries and transactions.
 * audit_log, ledger_postings and ledger_entries are append-only: their triggers refuse UPDATE, DELETE and TRUNCATE
 * (migrations 0001, 0016), and the app's database role may only read and insert them (db/roles.ts).
 * transactions, requests, request_events and travel_rule_records are money records, never deleted: their triggers
 * refuse DELETE and TRUNCATE (migration 0019), and the app's role has no DELETE on them (docs/operations.md).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 6 });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Lowest first; SUPPORT, FINANCE, COMPLIANCE are the staff roles (migration 0026, lib/auth/roles.ts STAFF_ROLES). */
export const roleEnum = pgEnum("role", ["USER", "SUPPORT", "FINANCE", "COMPLIANCE", "ADMIN", "SUPERADMIN"]);
export const userStatusEnum = pgEnum("user_status", ["ACTIVE", "DEACTIVATED"]);
export const idStatusEnum = pgEnum("id_status", ["NONE", "PENDING", "APPROVED", "REJECTED"]);
export const coinEnum = pgEnum("coin", ["BTC", "ETH", "SOL", "DOGE", "XRP", "WLD"]);
export const accountKindEnum = pgEnum("account_kind", [
  // member accounts (never below zero)
  "holding",
  "staked",
  "held",
  "rewards",
  // system accounts (one per coin)
  "external",
  "fees",
  "airdrop",
  "rewards_pool",
  "adjustments",
  // approved transfers and withdrawals not yet proven sent on chain (SECURITY.md J44)
  "payouts",
]);
export const txTypeEnum = pgEnum("tx_type", ["DEPOSIT", "WITHDRAW", "TRANSFER", "STAKING"]);
export const requestTypeEnum = pgEnum("request_type", ["DEPOSIT", "WITHDRAW", "TRANSFER"]);
/**
 * EXPIRED: a KRW deposit whose price quote ran out before an administrator confirmed the payment.
 * RETURNED: a transfer or withdrawal the receiving exchange refused through its Travel Rule service (반환됨, the
 * reason in `reason`); its hold went back to the member, as for a rejection.
 * A transfer or withdrawal after approval: APPROVED (to be sent; the coins wait in the system account
 * `payouts`) → SENDING (the operator recorded the transaction hash) → PAID (the chain confirmed it); FAILED: the
 * payout could not be made and amount and fee went back to the member. A deposit: APPROVED is credited.
 */
export const requestStatusEnum = pgEnum("request_status", [
  "PENDING",
  "APPROVED",
  "REJECTED",
  "CANCELLED",
  "EXPIRED",
  "RETURNED",
  "SENDING",
  "PAID",
  "FAILED",
]);

// ─── identity ────────────────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull().default("USER"),
    status: userStatusEnum("status").notNull().default("ACTIVE"),
    /** Bumped on password change, role change, deactivation: every older session dies at its next request. */
    sessionVersion: integer("session_version").notNull().default(1),
    refCode: text("ref_code").notNull(),
    /** The referral code entered at sign-up (spec: refId). */
    refId: text("ref_id"),
    referrerId: integer("referrer_id"),
    walletAddr: text("wallet_addr"),
    phone: text("phone"),
    idStatus: idStatusEnum("id_status").notNull().default("NONE"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    deactivatedAt: tstz("deactivated_at"),
    /** Until then new transfer and withdraw requests are refused (403 COOLDOWN): lib/money-cooldown.ts. */
    moneyCooldownUntil: tstz("money_cooldown_until"),
    /** Per-member daily withdrawal limit in KRW (four-eyes); NULL: DAILY_WITHDRAW_LIMIT_KRW. lib/wallet/limits.ts. */
    dailyWithdrawLimitKrw: numeric("daily_withdraw_limit_krw", { precision: 20, scale: 0 }),
    /** TOTP secret, AES-256-GCM encrypted like ID images (lib/auth/two-factor.ts); set while enrolling and while on. */
    twoFactorSecret: text("two_factor_secret"),
    /** Two-factor authentication is on since then; NULL: off (or enrolment not confirmed). */
    twoFactorEnabledAt: tstz("two_factor_enabled_at"),
    /** The TOTP time step last accepted: a code is accepted once. */
    twoFactorLastStep: bigint("two_factor_last_step", { mode: "number" }),
    /** A password reset set it; only the member's own password change clears it (lib/auth/guards.ts requireUser). */
    passwordChangeRequired: boolean("password_change_required").notNull().default(false),
    /** The account approves no proposal before then (promoted, or password/2FA reset): lib/auth/account-proposals.ts. */
    approverFrom: tstz("approver_from"),
    /** The member's password last changed (their own change or a reset), application clock: lib/fraud rule (b). */
    passwordChangedAt: tstz("password_changed_at"),
    /** The member's payout address was set then, application clock: lib/fraud rule (a). */
    payoutAddrSetAt: tstz("payout_addr_set_at"),
    /** Frozen by the member (the panic button) since then; NULL: not frozen. lib/account/freeze.ts. */
    frozenAt: tstz("frozen_at"),
  },
  (t) => [
    check("users_daily_withdraw_limit_krw_check", sql`${t.dailyWithdrawLimitKrw} >= 0`),
    check("users_two_factor_enabled_check", sql`${t.twoFactorEnabledAt} IS NULL OR ${t.twoFactorSecret} IS NOT NULL`),
    uniqueIndex("users_user_id_lower_uq").on(sql`lower(${t.userId})`),
    unique("users_ref_code_uq").on(t.refCode),
    index("users_referrer_idx").on(t.referrerId),
    index("users_created_idx").on(t.createdAt),
    // Admin member search: ILIKE '%…%' on handle, name and phone through trigram indexes (pg_trgm).
    index("users_user_id_trgm_idx").using("gin", sql`${t.userId} gin_trgm_ops`),
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("users_phone_trgm_idx").using("gin", sql`${t.phone} gin_trgm_ops`),
    // Migration 0022: a phone term's digits against the stored `010-2345-6789`'s digits.
    index("users_phone_digits_trgm_idx").using("gin", sql`(replace(${t.phone}, '-', '')) gin_trgm_ops`),
    // Migration 0030: a search term of one or two characters, which has no trigram (db/functions/search_grams.sql).
    index("users_search_grams_idx").using("gin", sql`(search_grams(${t.userId}) || search_grams(${t.name}))`),
    // Migration 0032: the referral codes searched by code (db/queries/admin-referral-codes.ts).
    index("users_ref_code_trgm_idx").using("gin", sql`${t.refCode} gin_trgm_ops`),
    index("users_ref_code_grams_idx").using("gin", sql`search_grams(${t.refCode})`),
    // Migration 0030: staking progress's count (the few inactive members) and the dashboard's ID queue length
    // (the migration adds INCLUDE ("role"), which drizzle cannot say).
    index("users_inactive_idx").on(t.id).where(sql`${t.status} <> 'ACTIVE'`),
    index("users_id_pending_idx").on(t.id).where(sql`${t.status} = 'ACTIVE' AND ${t.idStatus} = 'PENDING'`),
  ],
);

/** Two-factor recovery codes: SHA-256 of each of the ten one-time codes, `usedAt` set when one is spent. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: tstz("used_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [unique("two_factor_recovery_codes_user_hash_uq").on(t.userId, t.codeHash)],
);

/**
 * One row per login (a device): the session cookie names it. Logout revokes this row only; a password
 * change, role change or deactivation revokes the member's other rows. `expiresAt` is the absolute end
 * (12 hours after login however active); the idle timeout is checked against `lastSeenAt`.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The session passed two-factor (a login with a code, or the enrolment made from it); NULL: the password only. */
    twoFactorAt: tstz("two_factor_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.createdAt)],
);

/** Codes an administrator issues for sign-up besides members' own referral codes (/admin/signup-codes). */
export const signupCodes = pgTable(
  "signup_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    note: text("note"),
    active: boolean("active").notNull().default(true),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [unique("signup_codes_code_uq").on(t.code)],
);

// ─── ledger ──────────────────────────────────────────────────────────────────

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** null for the platform's system accounts. */
    userId: integer("user_id").references(() => users.id),
    coin: coinEnum("coin").notNull(),
    kind: accountKindEnum("kind").notNull(),
    balance: money("balance").notNull().default("0"),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_accounts_owner_uq").on(t.userId, t.coin, t.kind).nullsNotDistinct(),
    check("ledger_accounts_member_non_negative", sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    // Migration 0030: staking progress in its order, largest stake first (the migration adds INCLUDE ("user_id")).
    index("ledger_accounts_staked_balance_idx")
      .on(t.balance.desc(), t.id)
      .where(sql`${t.kind} = 'staked' AND ${t.balance} > 0`),
    check(
      "ledger_accounts_kind_owner",
      sql`(${t.userId} IS NULL) = (${t.kind}::text IN ('external','fees','airdrop','rewards_pool','adjustments','payouts'))`,
    ),
  ],
);

/**
 * The admin dashboard's kept figures (migration 0030, db/queries/admin-dashboard.ts): written only by the triggers
 * on users and ledger_accounts (db/functions/admin_tallies_*.sql), each transaction into its own rows (`tx`, its
 * id; 0: folded); a figure is the sum of its column over every row. `day`: a KST sign-up day for `members` (the
 * ACTIVE members, role USER) and `signups` (all of them); NULL for the WLD owed per member account kind.
 */
export const adminTallies = pgTable(
  "admin_tallies",
  {
    tx: bigint("tx", { mode: "number" }).notNull(),
    day: date("day"),
    members: bigint("members", { mode: "number" }).notNull().default(0),
    signups: bigint("signups", { mode: "number" }).notNull().default(0),
    wldHolding: numeric("wld_holding").notNull().default("0"),
    wldStaked: numeric("wld_staked").notNull().default("0"),
    wldHeld: numeric("wld_held").notNull().default("0"),
    wldRewards: numeric("wld_rewards").notNull().default("0"),
  },
  (t) => [unique("admin_tallies_tx_day_uq").on(t.tx, t.day).nullsNotDistinct()],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** Hash of what the caller asked for, so a replayed key with a different body can be told apart. */
    requestHash: text("request_hash"),
    actorId: integer("actor_id").references(() => users.id),
    memo: text("memo"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [unique("ledger_postings_idempotency_uq").on(t.idempotencyKey)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postingId: bigint("posting_id", { mode: "number" })
      .notNull()
      .references(() => ledgerPostings.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    coin: coinEnum("coin").notNull(),
    amount: money("amount").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId),
    // Append-only, so created_at follows the physical order: a BRIN range index (kilobytes, next to nothing per
    // insert) finds the entries since a moment by reading only the table's last blocks (migration 0010).
    index("ledger_entries_created_brin").using("brin", t.createdAt),
    index("ledger_entries_posting_idx").on(t.postingId),
    check("ledger_entries_non_zero", sql`${t.amount} <> 0`),
  ],
);

/** What a member sees in their history; written by the ledger next to the posting it describes. */
export const transactions = pgTable(
  "transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    type: txTypeEnum("type").notNull(),
    coinSymbol: coinEnum("coin_symbol").notNull(),
    amount: money("amount").notNull(),
    postingId: bigint("posting_id", { mode: "number" }).references(() => ledgerPostings.id),
    hiddenAt: tstz("hidden_at"),
    hiddenBy: integer("hidden_by").references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("transactions_user_created_idx").on(t.userId, t.createdAt),
    // Migration 0033: the console's staking records (STAKING rows only) in their order, newest first, and a
    // member's (db/queries/staking-admin.ts stakingRecords); both also count index-only.
    index("transactions_staking_created_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.type} = 'STAKING'`),
    index("transactions_staking_user_idx")
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.type} = 'STAKING'`),
  ],
);

// ─── requests ────────────────────────────────────────────────────────────────

export const requests = pgTable(
  "requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    type: requestTypeEnum("type").notNull(),
    coinSymbol: coinEnum("coin_symbol").notNull(),
    /** What should arrive (transfer/withdraw) or the coin amount (deposit). */
    amount: money("amount").notNull(),
    fee: money("fee").notNull().default("0"),
    /** amount + fee: what is held while PENDING. */
    total: money("total").notNull(),
    krwAmount: numeric("krw_amount", { precision: 20, scale: 0 }),
    priceKrw: numeric("price_krw", { precision: 24, scale: 8 }),
    walletAddr: text("wallet_addr"),
    /** KRW deposits: the quote (priceKrw) is good until then; afterwards the request is EXPIRED. */
    quoteExpiresAt: tstz("quote_expires_at"),
    /** A KRW deposit: when its WLD was credited (application clock); it cannot leave for KRW_HOLD_HOURS after. */
    creditedAt: tstz("credited_at"),
    /** A KRW deposit: the name its bank transfer must carry (입금자명), unique among open deposits (deposit_names). */
    depositorName: text("depositor_name"),
    /** A KRW deposit: the bank statement line that paid it. */
    bankLineId: bigint("bank_line_id", { mode: "number" }),
    /** A KRW deposit: the KRW the statement line (or an approval naming it) confirmed arrived, and when (입금 확인). */
    krwReceived: numeric("krw_received", { precision: 20, scale: 0 }),
    krwConfirmedAt: tstz("krw_confirmed_at"),
    /** A transfer/withdraw: the payout's transaction hash (lower case), once the operator recorded it. */
    payoutTxHash: text("payout_tx_hash"),
    /** VERIFIED: checked against the network's RPC; UNVERIFIED: no RPC endpoint configured (확인 불가). */
    payoutCheck: text("payout_check").$type<"VERIFIED" | "UNVERIFIED">(),
    /** The block the payout transaction was included in. */
    payoutBlock: bigint("payout_block", { mode: "number" }),
    payoutRecordedAt: tstz("payout_recorded_at"),
    payoutRecordedBy: integer("payout_recorded_by").references(() => users.id),
    /** When the payout reached PAID (the chain confirmed it). */
    paidAt: tstz("paid_at"),
    status: requestStatusEnum("status").notNull().default("PENDING"),
    holdPostingId: bigint("hold_posting_id", { mode: "number" }).references(() => ledgerPostings.id),
    settlePostingId: bigint("settle_posting_id", { mode: "number" }).references(() => ledgerPostings.id),
    handledBy: integer("handled_by").references(() => users.id),
    reason: text("reason"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One PENDING request per member, coin and type: a unique index, not just code.
    uniqueIndex("requests_one_pending_uq").on(t.userId, t.coinSymbol, t.type).where(sql`${t.status} = 'PENDING'`),
    index("requests_status_created_idx").on(t.status, t.createdAt),
    // Migration 0030: the admin queue, PENDING first, each part in its order (db/queries/admin-requests.ts).
    index("requests_pending_created_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'PENDING'`),
    index("requests_created_idx").on(t.createdAt, t.id),
    // Migration 0032: the queue searched by member (their requests) and by 입금자명 (db/queries/admin-request-keys.ts).
    index("requests_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("requests_depositor_name_trgm_idx")
      .using("gin", sql`${t.depositorName} gin_trgm_ops`)
      .where(sql`${t.depositorName} IS NOT NULL`),
    index("requests_depositor_grams_idx")
      .using("gin", sql`search_grams(${t.depositorName})`)
      .where(sql`${t.depositorName} IS NOT NULL`),
    // Today's transfer/withdraw total in KRW (lib/wallet/limits.ts).
    index("requests_user_outgoing_created_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.type} IN ('TRANSFER', 'WITHDRAW')`),
    // The KRW hold: a member's deposits credited in the last KRW_HOLD_HOURS (transfer_request_open).
    index("requests_user_credited_idx")
      .on(t.userId, t.creditedAt)
      .where(sql`${t.type} = 'DEPOSIT' AND ${t.creditedAt} IS NOT NULL`),
    index("requests_depositor_name_idx").on(t.depositorName).where(sql`${t.depositorName} IS NOT NULL`),
    index("requests_payout_open_idx").on(t.status, t.updatedAt).where(sql`${t.type} IN ('TRANSFER', 'WITHDRAW')`),
  ],
);

export const requestEvents = pgTable(
  "request_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => requests.id),
    status: requestStatusEnum("status").notNull(),
    actorId: integer("actor_id").references(() => users.id),
    reason: text("reason"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("request_events_request_idx").on(t.requestId)],
);

// ─── the bank and the chain ──────────────────────────────────────────────────

/** A bank statement an administrator uploaded (/admin/deposits/bank): who, when, which file, what it did. */
export const bankStatementUploads = pgTable("bank_statement_uploads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  fileName: text("file_name").notNull(),
  fileSha256: text("file_sha256").notNull(),
  encoding: text("encoding").notNull().$type<"UTF-8" | "EUC-KR">(),
  uploadedBy: integer("uploaded_by")
    .notNull()
    .references(() => users.id),
  linesTotal: integer("lines_total").notNull().default(0),
  linesNew: integer("lines_new").notNull().default(0),
  matched: integer("matched").notNull().default(0),
  review: integer("review").notNull().default(0),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

export type BankLineStatus = "MATCHED" | "REVIEW" | "DISMISSED";
export type BankLineReview =
  | "AMOUNT_MISMATCH"
  | "UNKNOWN_NAME"
  | "DUPLICATE_LINE"
  | "ALREADY_USED"
  | "LATE"
  | "REQUEST_CLOSED";

/**
 * One credit line of a bank statement, kept once (line_key: its identity — time, depositor, amount, balance and
 * its occurrence in the file): MATCHED to the deposit it paid, REVIEW for a person (review_reason), or DISMISSED by
 * one (resolution_note). Never deleted.
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uploadId: bigint("upload_id", { mode: "number" })
      .notNull()
      .references(() => bankStatementUploads.id),
    lineKey: text("line_key").notNull(),
    lineNo: integer("line_no").notNull(),
    occurredAt: tstz("occurred_at").notNull(),
    depositorName: text("depositor_name").notNull(),
    amountKrw: numeric("amount_krw", { precision: 20, scale: 0 }).notNull(),
    balanceKrw: numeric("balance_krw", { precision: 20, scale: 0 }),
    raw: text("raw").notNull(),
    status: text("status").notNull().$type<BankLineStatus>(),
    reviewReason: text("review_reason").$type<BankLineReview>(),
    requestId: bigint("request_id", { mode: "number" }).references(() => requests.id),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolvedAt: tstz("resolved_at"),
    resolutionNote: text("resolution_note"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bank_statement_lines_key_uq").on(t.lineKey),
    uniqueIndex("bank_statement_lines_request_uq").on(t.requestId).where(sql`${t.status} = 'MATCHED'`),
    index("bank_statement_lines_review_idx").on(t.createdAt).where(sql`${t.status} = 'REVIEW'`),
    index("bank_statement_lines_upload_idx").on(t.uploadId),
  ],
);

/**
 * Which deposit holds a depositor name (입금자명): the name is unique among deposits waiting for KRW, and a new
 * deposit takes a name over only when its holder is no longer PENDING or EXPIRED (lib/deposits/depositor-name.ts).
 */
export const depositNames = pgTable("deposit_names", {
  name: text("name").primaryKey(),
  requestId: bigint("request_id", { mode: "number" })
    .notNull()
    .references(() => requests.id),
  takenAt: tstz("taken_at").notNull().defaultNow(),
});

/** Every payout transaction hash ever recorded, and the request it paid: a hash serves one request, ever. */
export const payoutHashes = pgTable(
  "payout_hashes",
  {
    txHash: text("tx_hash").primaryKey(),
    network: text("network").notNull().$type<"ERC20" | "OP" | "WORLDCHAIN">(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => requests.id),
    recordedBy: integer("recorded_by")
      .notNull()
      .references(() => users.id),
    recordedAt: tstz("recorded_at").notNull().defaultNow(),
  },
  (t) => [index("payout_hashes_request_idx").on(t.requestId)],
);

/** A job that runs on one instance at a time holds its lease row until `until` (lib/chain/confirmations.ts). */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: tstz("until").notNull(),
});

// ─── staking ─────────────────────────────────────────────────────────────────

export const stakingProducts = pgTable("staking_products", {
  id: serial("id").primaryKey(),
  coinSymbol: coinEnum("coin_symbol").notNull(),
  name: text("name").notNull(),
  /** Annual rate in percent. */
  annualRate: rate("annual_rate").notNull(),
  lockEnd: tstz("lock_end"),
  lockDays: integer("lock_days"),
  minAmount: money("min_amount").notNull().default("0"),
  active: boolean("active").notNull().default(true),
  createdAt: tstz("created_at").notNull().defaultNow(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/** A member's own rate for a coin, set by an admin; overrides the product's rate. */
export const memberStakingRates = pgTable(
  "member_staking_rates",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    coinSymbol: coinEnum("coin_symbol").notNull(),
    productId: integer("product_id").references(() => stakingProducts.id),
    annualRate: rate("annual_rate"),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coinSymbol] })],
);

/** One row per member, coin and KST day: a second run of the same day is a no-op. */
export const stakingRewards = pgTable(
  "staking_rewards",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    coinSymbol: coinEnum("coin_symbol").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    stakedBalance: money("staked_balance").notNull(),
    annualRate: rate("annual_rate").notNull(),
    amount: money("amount").notNull(),
    postingId: bigint("posting_id", { mode: "number" }).references(() => ledgerPostings.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Partitioned by KST month of `day` (migration 0029): the key must contain the partition key.
    primaryKey({ name: "staking_rewards_pkey", columns: [t.id, t.day] }),
    unique("staking_rewards_day_uq").on(t.userId, t.coinSymbol, t.day),
    index("staking_rewards_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const stakingRuns = pgTable("staking_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  startedAt: tstz("started_at").notNull().defaultNow(),
  finishedAt: tstz("finished_at"),
  membersPaid: integer("members_paid").notNull().default(0),
  totalPaid: money("total_paid").notNull().default("0"),
});

/**
 * The history of what decides a product's rate, one row per change from `validFrom` on (append-only, written by a
 * trigger on staking_products, migration 0015): a reward day is paid at the versions in force when it ended.
 */
export const stakingProductVersions = pgTable(
  "staking_product_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => stakingProducts.id),
    coinSymbol: coinEnum("coin_symbol").notNull(),
    annualRate: rate("annual_rate").notNull(),
    minAmount: money("min_amount").notNull(),
    active: boolean("active").notNull(),
    validFrom: tstz("valid_from").notNull(),
  },
  (t) => [index("staking_product_versions_product_idx").on(t.productId, t.validFrom)],
);

/** The same history for member_staking_rates (a removed row is a version without rate or product). */
export const memberStakingRateVersions = pgTable(
  "member_staking_rate_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    coinSymbol: coinEnum("coin_symbol").notNull(),
    productId: integer("product_id").references(() => stakingProducts.id),
    annualRate: rate("annual_rate"),
    validFrom: tstz("valid_from").notNull(),
  },
  (t) => [index("member_staking_rate_versions_member_idx").on(t.userId, t.coinSymbol, t.validFrom)],
);

// ─── ID verification ─────────────────────────────────────────────────────────

export const idDocuments = pgTable(
  "id_documents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: idStatusEnum("status").notNull().default("PENDING"),
    /** Random key into the private file store; never a public path. */
    storageKey: text("storage_key"),
    mime: text("mime"),
    width: integer("width"),
    height: integer("height"),
    sizeBytes: integer("size_bytes"),
    reviewedBy: integer("reviewed_by").references(() => users.id),
    reviewedAt: tstz("reviewed_at"),
    reason: text("reason"),
    erasedAt: tstz("erased_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("id_documents_user_idx").on(t.userId, t.createdAt),
    // Migration 0030: the ID review queue's length on the dashboard.
    index("id_documents_pending_idx").on(t.userId).where(sql`${t.status} = 'PENDING' AND ${t.erasedAt} IS NULL`),
    // Migration 0033: the ID review queue in its order, oldest first (db/queries/admin-id-documents.ts).
    index("id_documents_pending_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING' AND ${t.erasedAt} IS NULL`),
  ],
);

/** The default private file store (encrypted bytes); an object store can replace it behind lib/storage. */
export const fileBlobs = pgTable("file_blobs", {
  key: text("key").primaryKey(),
  data: bytea("data").notNull(),
  iv: bytea("iv"),
  contentType: text("content_type").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

/**
 * A deactivated member's identity kept as the law says (migration 0019, lib/kyc/retention.ts): name, phone, login
 * id, wallet address and the ID approval's date sealed with AES-256-GCM in `sealed`, readable only by a SUPERADMIN
 * (every read audited) until `eraseAfter` (the relationship's end + RETENTION_IDENTITY_YEARS); the daily erasure
 * then clears `sealed` and sets `erasedAt`.
 */
export const retainedIdentities = pgTable(
  "retained_identities",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    sealed: bytea("sealed"),
    iv: bytea("iv"),
    relationshipEndedAt: tstz("relationship_ended_at").notNull(),
    eraseAfter: tstz("erase_after").notNull(),
    erasedAt: tstz("erased_at"),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [
    check(
      "retained_identities_sealed_check",
      sql`(${t.erasedAt} IS NULL) = (${t.sealed} IS NOT NULL AND ${t.iv} IS NOT NULL)`,
    ),
    check("retained_identities_erase_after_check", sql`${t.eraseAfter} > ${t.relationshipEndedAt}`),
    index("retained_identities_due_idx").on(t.eraseAfter).where(sql`${t.erasedAt} IS NULL`),
  ],
);

/** The ID images kept with a retained identity: their encrypted blobs stay in file_blobs until the erasure. */
export const retainedIdImages = pgTable(
  "retained_id_images",
  {
    documentId: bigint("document_id", { mode: "number" })
      .primaryKey()
      .references(() => idDocuments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => retainedIdentities.userId),
    storageKey: text("storage_key").notNull(),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [index("retained_id_images_user_idx").on(t.userId)],
);

// ─── prices ──────────────────────────────────────────────────────────────────

export const priceSnapshots = pgTable(
  "price_snapshots",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    symbol: text("symbol").notNull(),
    /** 'ticker' for a spot price, or a candle interval: '1h', '1d', '1w'. */
    series: text("series").notNull(),
    time: tstz("time").notNull(),
    priceKrw: numeric("price_krw", { precision: 24, scale: 8 }).notNull(),
    usdtKrw: numeric("usdt_krw", { precision: 24, scale: 8 }),
    changePercent: numeric("change_percent", { precision: 12, scale: 6 }),
    source: text("source").notNull(),
    fetchedAt: tstz("fetched_at").notNull().defaultNow(),
  },
  (t) => [unique("price_snapshots_point_uq").on(t.symbol, t.series, t.time)],
);

// ─── operations ──────────────────────────────────────────────────────────────

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: tstz("at").notNull().defaultNow(),
    actorId: integer("actor_id"),
    action: text("action").notNull(),
    targetUserId: integer("target_user_id"),
    targetId: text("target_id"),
    ip: text("ip"),
    requestId: text("request_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    /** The administrator's note on the change (the console's 메모 field), if any. */
    memo: text("memo"),
    /**
     * The hash chain (db/migrations/0009): the previous row's row_hash (NULL for the first row) and SHA-256
     * over this row's canonical form (audit_row_hash()). Set by the BEFORE INSERT trigger; never written here.
     */
    prevHash: bytea("prev_hash"),
    rowHash: bytea("row_hash"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_target_idx").on(t.targetUserId),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
  ],
);

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: tstz("window_start").notNull().defaultNow(),
  blockedUntil: tstz("blocked_until"),
});

/** Answers to money-moving POSTs by Idempotency-Key, so a retry returns the first answer. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ─── notifications ───────────────────────────────────────────────────────────

/**
 * The member's in-app inbox (lib/notifications): what happened as `kind` + `params` (ids, amounts as decimal
 * strings, a reason), never rendered text — it is rendered in the reader's language when read. Written in the
 * transaction of the change it reports.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    params: jsonb("params").notNull().default({}),
    createdAt: tstz("created_at").notNull().defaultNow(),
    readAt: tstz("read_at"),
  },
  (t) => [
    // Partitioned by KST month of `created_at` (migration 0029): the key must contain the partition key.
    primaryKey({ name: "notifications_pkey", columns: [t.id, t.createdAt] }),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

// ─── four-eyes (SECURITY.md I39) ─────────────────────────────────────────────

/**
 * A change that needs a second administrator (lib/admin/proposals.ts): an admin balance change above
 * FOUR_EYES_LIMIT, a staking-rate change, a daily withdrawal limit override. Amounts in `payload` are decimal
 * strings. Only an approval by someone other than `proposedBy` applies it (posting_id: the ledger posting it made).
 */
export const proposals = pgTable(
  "proposals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    targetUserId: integer("target_user_id").references(() => users.id),
    payload: jsonb("payload").notNull(),
    reason: text("reason").notNull(),
    proposedBy: integer("proposed_by")
      .notNull()
      .references(() => users.id),
    status: text("status").notNull().default("PENDING"),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: tstz("decided_at"),
    decisionNote: text("decision_note"),
    createdAt: tstz("created_at").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    postingId: bigint("posting_id", { mode: "number" }).references(() => ledgerPostings.id),
  },
  (t) => [
    check(
      "proposals_kind_check",
      sql`${t.kind} IN ('coin', 'coinunhist', 'interest', 'staking', 'member_rate', 'product_rate', 'withdraw_limit', 'deposit', 'role', 'password_reset', 'two_factor_reset', 'product_create', 'destination_unblock', 'account_unfreeze')`,
    ),
    check("proposals_status_check", sql`${t.status} IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED')`),
    check("proposals_reason_check", sql`length(btrim(${t.reason})) > 0`),
    check(
      "proposals_four_eyes_check",
      sql`${t.decidedBy} IS NULL OR ${t.status} <> 'APPROVED' OR ${t.decidedBy} <> ${t.proposedBy}`,
    ),
    check("proposals_decided_check", sql`(${t.status} = 'PENDING') = (${t.decidedAt} IS NULL)`),
    index("proposals_status_created_idx").on(t.status, t.createdAt),
    index("proposals_target_idx").on(t.targetUserId),
    // The pending deposit proposal of a request (migration 0014).
    index("proposals_pending_deposit_idx")
      .on(sql`((${t.payload}->>'requestId')::bigint)`)
      .where(sql`${t.kind} = 'deposit' AND ${t.status} = 'PENDING'`),
    // A member's pending unfreeze, read by every member page (migration 0031).
    index("proposals_pending_unfreeze_idx")
      .on(t.targetUserId, t.id)
      .where(sql`${t.kind} = 'account_unfreeze' AND ${t.status} = 'PENDING'`),
  ],
);

/**
 * Every balance change an administrator applied on their own authority (lib/admin/four-eyes-limit.ts): the rows the
 * rolling 24-hour four-eyes totals sum, per administrator and per member. Append-only (migration 0014); a change
 * applied through an approved proposal is never written here.
 */
export const adminDirectChanges = pgTable(
  "admin_direct_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    amountWld: money("amount_wld").notNull(),
    /** The application clock (lib/clock.ts), so tests can move the window. */
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [
    check(
      "admin_direct_changes_kind_check",
      sql`${t.kind} IN ('coin', 'coinunhist', 'interest', 'staking', 'deposit')`,
    ),
    check("admin_direct_changes_amount_check", sql`${t.amountWld} > 0`),
    index("admin_direct_changes_actor_created_idx").on(t.actorId, t.createdAt),
    index("admin_direct_changes_member_created_idx").on(t.memberId, t.createdAt),
  ],
);

// ─── notices (migration 0023) ────────────────────────────────────────────────

/**
 * A notice (공지사항) in Korean and English (markdown, shown without raw HTML), visible to members inside
 * [published_from, published_until). Never deleted: withdrawing sets published_until (lib/notices/publish.ts).
 */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    category: text("category").notNull(),
    titleKo: text("title_ko").notNull(),
    titleEn: text("title_en").notNull().default(""),
    bodyKo: text("body_ko").notNull(),
    bodyEn: text("body_en").notNull().default(""),
    pinned: boolean("pinned").notNull().default(false),
    publishedFrom: tstz("published_from").notNull(),
    publishedUntil: tstz("published_until"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("notices_category_check", sql`${t.category} IN ('general', 'maintenance', 'event', 'policy', 'security')`),
    check("notices_window_check", sql`${t.publishedUntil} IS NULL OR ${t.publishedUntil} >= ${t.publishedFrom}`),
    index("notices_published_idx").on(t.publishedFrom.desc(), t.id.desc()),
  ],
);

/** Which member opened which notice (the unread marks). */
export const noticeReads = pgTable(
  "notice_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    noticeId: integer("notice_id")
      .notNull()
      .references(() => notices.id),
    readAt: tstz("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

// ─── maintenance (migration 0024) ────────────────────────────────────────────

/**
 * A feature paused for maintenance (lib/maintenance): open while resumed_at is NULL — at most one per feature (the
 * partial unique index every member action's check reads) — and kept as history once resumed (never deleted).
 */
export const featurePauses = pgTable(
  "feature_pauses",
  {
    id: serial("id").primaryKey(),
    feature: text("feature").notNull(),
    reasonKo: text("reason_ko").notNull(),
    reasonEn: text("reason_en").notNull(),
    /** The expected end, shown to members; passing it lifts nothing (an administrator resumes). */
    until: tstz("until").notNull(),
    pausedBy: integer("paused_by")
      .notNull()
      .references(() => users.id),
    pausedAt: tstz("paused_at").notNull().defaultNow(),
    resumedBy: integer("resumed_by").references(() => users.id),
    resumedAt: tstz("resumed_at"),
    noticeId: integer("notice_id").references(() => notices.id),
  },
  (t) => [
    check(
      "feature_pauses_feature_check",
      sql`${t.feature} IN ('signup', 'login', 'swap', 'buy', 'transfer:OP', 'transfer:WORLDCHAIN', 'transfer:ERC20', 'withdraw:OP', 'withdraw:WORLDCHAIN', 'withdraw:ERC20')`,
    ),
    check("feature_pauses_resumed_check", sql`${t.resumedBy} IS NULL OR ${t.resumedAt} IS NOT NULL`),
    uniqueIndex("feature_pauses_open_uq").on(t.feature).where(sql`${t.resumedAt} IS NULL`),
    index("feature_pauses_paused_at_idx").on(t.pausedAt.desc(), t.id.desc()),
  ],
);

// ─── account freeze (migration 0027) ─────────────────────────────────────────

/**
 * The panic button's history (lib/account/freeze.ts): one row per freeze, closed when it is lifted — by the member
 * (`SELF`: password and second factor) or by an approved four-eyes proposal (`PROPOSAL`). At most one open row per
 * member; `users.frozen_at` mirrors the open one. Never deleted.
 */
export const accountFreezes = pgTable(
  "account_freezes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    frozenAt: tstz("frozen_at").notNull(),
    frozenBy: integer("frozen_by")
      .notNull()
      .references(() => users.id),
    /** Where the member pressed it: Settings (`SETTINGS`) or the new-device notification's link (`NOTIFICATION`). */
    how: text("how").notNull(),
    ip: text("ip"),
    unfrozenAt: tstz("unfrozen_at"),
    unfrozenBy: integer("unfrozen_by").references(() => users.id),
    unfreezeHow: text("unfreeze_how"),
    proposalId: bigint("proposal_id", { mode: "number" }).references(() => proposals.id),
  },
  (t) => [
    check("account_freezes_how_check", sql`${t.how} IN ('SETTINGS', 'NOTIFICATION')`),
    check("account_freezes_unfreeze_how_check", sql`${t.unfreezeHow} IN ('SELF', 'PROPOSAL')`),
    check(
      "account_freezes_closed_check",
      sql`(${t.unfrozenAt} IS NULL) = (${t.unfrozenBy} IS NULL) AND (${t.unfrozenAt} IS NULL) = (${t.unfreezeHow} IS NULL)`,
    ),
    uniqueIndex("account_freezes_open_uq").on(t.userId).where(sql`${t.unfrozenAt} IS NULL`),
    index("account_freezes_user_idx").on(t.userId, t.id),
  ],
);

export type User = typeof users.$inferSelect;
export type Role = (typeof roleEnum.enumValues)[number];
export type Coin = (typeof coinEnum.enumValues)[number];
export type AccountKind = (typeof accountKindEnum.enumValues)[number];
export type TxType = (typeof txTypeEnum.enumValues)[number];
export type RequestType = (typeof requestTypeEnum.enumValues)[number];
export type RequestStatus = (typeof requestStatusEnum.enumValues)[number];
export type IdStatus = (typeof idStatusEnum.enumValues)[number];
export const COINS = coinEnum.enumValues;

// ─── Korean rules for money that leaves (SECURITY.md J43, migration 0017) ────

export const DESTINATION_KINDS = ["KR_VASP", "FOREIGN"] as const;
export const TRAVEL_RULE_PARTNERS = ["VERIFYVASP", "CODE"] as const;
export const DESTINATION_STATUSES = ["ALLOWED", "BLOCKED"] as const;

/**
 * The exchanges a member may send to, per network (seeded from the spec's lists): a Korean registered VASP or a
 * foreign one, its Travel Rule service, and whether sending there is allowed. Changes are audited; unblocking is
 * a four-eyes proposal (`destination_unblock`).
 */
export const destinations = pgTable(
  "destinations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Subset of lib/exchanges NETWORKS. */
    networks: text("networks").array().notNull(),
    kind: text("kind", { enum: DESTINATION_KINDS }).notNull(),
    travelRulePartner: text("travel_rule_partner", { enum: TRAVEL_RULE_PARTNERS }),
    status: text("status", { enum: DESTINATION_STATUSES }).notNull().default("ALLOWED"),
    memo: text("memo"),
    changedAt: tstz("changed_at").notNull().defaultNow(),
    changedBy: integer("changed_by").references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("destinations_kind_check", sql`${t.kind} IN ('KR_VASP', 'FOREIGN')`),
    check("destinations_partner_check", sql`${t.travelRulePartner} IN ('VERIFYVASP', 'CODE')`),
    check("destinations_status_check", sql`${t.status} IN ('ALLOWED', 'BLOCKED')`),
    check(
      "destinations_networks_check",
      sql`cardinality(${t.networks}) > 0 AND ${t.networks} <@ ARRAY['ERC20', 'OP', 'WORLDCHAIN']`,
    ),
    uniqueIndex("destinations_name_lower_uq").on(sql`lower(${t.name})`),
  ],
);

/** A one-time message a member signs to prove a personal wallet is theirs (EIP-191), good for 10 minutes, once. */
export const addressChallenges = pgTable(
  "address_challenges",
  {
    nonce: text("nonce").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    network: text("network").notNull(),
    address: text("address").notNull(),
    message: text("message").notNull(),
    issuedAt: tstz("issued_at").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [index("address_challenges_user_idx").on(t.userId, t.issuedAt)],
);

/** A personal wallet address (lower-case) its member proved with a signature: only these receive. */
export const personalWallets = pgTable(
  "personal_wallets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    nonce: text("nonce")
      .notNull()
      .references(() => addressChallenges.nonce),
    signature: text("signature").notNull(),
    verifiedAt: tstz("verified_at").notNull(),
  },
  (t) => [
    check("personal_wallets_address_check", sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
    uniqueIndex("personal_wallets_user_address_uq").on(t.userId, t.address),
  ],
);

/**
 * The Travel Rule record of a transfer or withdrawal worth TRAVEL_RULE_THRESHOLD_KRW or more: the recipient's
 * details the member gave, and the whole record in the IVMS 101 data model (`ivms101`), as it is exported for
 * the receiving exchange's Travel Rule service. Kept 5 years at least; never deleted.
 */
export const travelRuleRecords = pgTable(
  "travel_rule_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => requests.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    thresholdKrw: numeric("threshold_krw", { precision: 20, scale: 0 }).notNull(),
    amount: money("amount").notNull(),
    amountKrw: numeric("amount_krw", { precision: 20, scale: 0 }).notNull(),
    network: text("network").notNull(),
    exchange: text("exchange").notNull(),
    address: text("address").notNull(),
    beneficiaryName: text("beneficiary_name").notNull(),
    selfOwned: boolean("self_owned").notNull(),
    relationship: text("relationship"),
    ivms101: jsonb("ivms101").notNull(),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [
    check("travel_rule_records_relationship_check", sql`${t.selfOwned} OR ${t.relationship} IS NOT NULL`),
    uniqueIndex("travel_rule_records_request_uq").on(t.requestId),
    index("travel_rule_records_created_idx").on(t.createdAt),
  ],
);

// ─── 1:1 support (migration 0025) ────────────────────────────────────────────

export const INQUIRY_CATEGORIES = ["account", "deposit", "withdraw", "staking", "verification", "other"] as const;
export const INQUIRY_STATUSES = ["RECEIVED", "ANSWERING", "ANSWERED", "CLOSED"] as const;

/**
 * A member's 1:1 inquiry (lib/support): 접수 → 답변 중 → 답변 완료 → 종료. `waitingSince` is the SLA clock (the oldest
 * member message no staff answer followed; null while nothing waits). Never deleted (triggers, migration 0025).
 */
export const inquiries = pgTable(
  "inquiries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    category: text("category", { enum: INQUIRY_CATEGORIES }).notNull(),
    subject: text("subject"),
    status: text("status", { enum: INQUIRY_STATUSES }).notNull().default("RECEIVED"),
    assigneeId: integer("assignee_id").references(() => users.id),
    createdAt: tstz("created_at").notNull(),
    updatedAt: tstz("updated_at").notNull(),
    lastMemberMessageAt: tstz("last_member_message_at").notNull(),
    waitingSince: tstz("waiting_since"),
    firstAnsweredAt: tstz("first_answered_at"),
    closedAt: tstz("closed_at"),
    closedBy: integer("closed_by").references(() => users.id),
  },
  (t) => [
    check(
      "inquiries_category_check",
      sql`${t.category} IN ('account', 'deposit', 'withdraw', 'staking', 'verification', 'other')`,
    ),
    check("inquiries_status_check", sql`${t.status} IN ('RECEIVED', 'ANSWERING', 'ANSWERED', 'CLOSED')`),
    check("inquiries_closed_check", sql`(${t.status} = 'CLOSED') = (${t.closedAt} IS NOT NULL)`),
    index("inquiries_user_idx").on(t.userId, t.createdAt.desc()),
    index("inquiries_queue_idx").on(t.status, t.waitingSince),
  ],
);

/** One message of an inquiry's thread, the member's or a staff member's (`fromStaff`). */
export const inquiryMessages = pgTable(
  "inquiry_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    inquiryId: integer("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    fromStaff: boolean("from_staff").notNull(),
    body: text("body").notNull(),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [index("inquiry_messages_inquiry_idx").on(t.inquiryId, t.id)],
);

/** An image attached to a message: re-encoded, encrypted in file_blobs under a random key (lib/storage). */
export const inquiryImages = pgTable(
  "inquiry_images",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    inquiryId: integer("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => inquiryMessages.id),
    storageKey: text("storage_key").notNull(),
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [uniqueIndex("inquiry_images_key_uq").on(t.storageKey), index("inquiry_images_message_idx").on(t.messageId)],
);

// ─── fraud rules and cases (migration 0028) ──────────────────────────────────

export const FRAUD_RULE_KEYS = ["new_device_new_address", "drain_after_password_change", "referral_burst"] as const;
export const FRAUD_CASE_STATUSES = ["OPEN", "CLEARED", "REPORTED"] as const;

/** One row per fraud rule (lib/fraud/rules.ts): on or off and its parameters, edited by compliance (audited). */
export const fraudRules = pgTable(
  "fraud_rules",
  {
    key: text("key", { enum: FRAUD_RULE_KEYS }).primaryKey(),
    enabled: boolean("enabled").notNull().default(true),
    params: jsonb("params").notNull(),
    updatedBy: integer("updated_by").references(() => users.id),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "fraud_rules_key_check",
      sql`${t.key} IN ('new_device_new_address', 'drain_after_password_change', 'referral_burst')`,
    ),
    check("fraud_rules_params_check", sql`jsonb_typeof(${t.params}) = 'object'`),
  ],
);

/**
 * A rule's hit (lib/fraud): on a request (rules a, b: the request is held while OPEN) or on a referral burst (rule c:
 * `subject_key` is `CODE|address`, the subject the code's owner). Decided within three business days (`due_at`) as
 * CLEARED or REPORTED (the suspicious-transaction report draft in `report_draft`). Never deleted.
 */
export const fraudCases = pgTable(
  "fraud_cases",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ruleKey: text("rule_key", { enum: FRAUD_RULE_KEYS })
      .notNull()
      .references(() => fraudRules.key),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: bigint("request_id", { mode: "number" }).references(() => requests.id),
    subjectKey: text("subject_key"),
    evidence: jsonb("evidence").notNull(),
    status: text("status", { enum: FRAUD_CASE_STATUSES }).notNull().default("OPEN"),
    openedAt: tstz("opened_at").notNull(),
    dueAt: tstz("due_at").notNull(),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: tstz("decided_at"),
    decisionNote: text("decision_note"),
    reportDraft: jsonb("report_draft"),
  },
  (t) => [
    check("fraud_cases_status_check", sql`${t.status} IN ('OPEN', 'CLEARED', 'REPORTED')`),
    check("fraud_cases_decided_check", sql`(${t.status} = 'OPEN') = (${t.decidedAt} IS NULL)`),
    check("fraud_cases_subject_check", sql`(${t.requestId} IS NULL) = (${t.subjectKey} IS NOT NULL)`),
    uniqueIndex("fraud_cases_request_rule_uq").on(t.ruleKey, t.requestId).where(sql`${t.requestId} IS NOT NULL`),
    uniqueIndex("fraud_cases_subject_open_uq")
      .on(t.ruleKey, t.subjectKey)
      .where(sql`${t.status} = 'OPEN' AND ${t.subjectKey} IS NOT NULL`),
    index("fraud_cases_open_request_idx").on(t.requestId).where(sql`${t.status} = 'OPEN'`),
    index("fraud_cases_status_due_idx").on(t.status, t.dueAt),
    index("fraud_cases_user_idx").on(t.userId),
  ],
);

/** The Korean public holidays (substitutes included) the three-business-day clock skips: lib/fraud/business-days.ts. */
export const koreanHolidays = pgTable("korean_holidays", {
  date: date("date", { mode: "string" }).primaryKey(),
  nameKo: text("name_ko").notNull(),
  nameEn: text("name_en").notNull(),
});
