/**
 * Server configuration, validated once at import. Only server modules import this file.
 * AUTH_SECRET and FILE_ENCRYPTION_KEY in embedded mode are generated into DATA_DIR by lib/secret.ts; with
 * DATABASE_URL set they must come from the environment, and startupEnvProblem() refuses to start without them.
 */
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  /**
   * What sits between the app and PostgreSQL on DATABASE_URL: `none` (the default: PostgreSQL itself, or a
   * session pooler) or `transaction` (PgBouncer's transaction pooling: no prepared statements, and migrations
   * go to DATABASE_DIRECT_URL, which is then required). db/settings.ts reads both.
   */
  DATABASE_POOLER: z.enum(["none", "transaction"]).default("none"),
  /** PostgreSQL itself, bypassing the pooler: used by migrations only (their lock is session-level). */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /** Where the embedded database lives; db/client.ts reads it (default ./.data). */
  DATA_DIR: z.string().optional(),
  /**
   * Connections each instance opens to PostgreSQL (or to PgBouncer). db/settings.ts reads it and the other
   * database variables itself, because db/ imports nothing from lib/; they are declared here so that
   * startupEnvProblem() checks them with the rest.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * A PostgreSQL streaming replica (hot standby) of DATABASE_URL's database: the console's lists, search,
   * dashboard and exports read from it while it is current (docs/scaling.md, "Read replicas"); writes and every
   * read that decides money stay on DATABASE_URL. Unset, or in embedded mode: every read goes to DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** How far behind the primary (ms) the replica may be and still be read; beyond it reads go to the primary. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Profiling only (bench/hot-paths.ts): the file every statement sent to PostgreSQL is counted into (db/client.ts). */
  WLD_STATEMENT_COUNT_FILE: z.string().optional(),
  /** `1`: this process starts no background jobs (lib/jobs.ts); the tests and extra cluster instances set it. */
  WLD_DISABLE_JOBS: z.string().optional(),
  PORT: z.coerce.number().int().positive().max(65_535).default(3000),
  /** Address `npm start` listens on; 127.0.0.1 in embedded mode when unset (scripts/start.ts). */
  HOST: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  UPBIT_API_URL: z.string().url().default("https://api.upbit.com"),
  BINANCE_API_URL: z.string().url().default("https://api.binance.com"),
  CRON_SECRET: z.string().min(16).optional(),
  /** Key for encrypting ID images at rest (base64, 32 bytes); generated into DATA_DIR in embedded mode. */
  FILE_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32)
    .optional(),
  PRICE_REFRESH_MS: z.coerce.number().int().positive().default(30_000),
  PRICE_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Sign-ups per client address per hour (raise it for an office behind one NAT, or for browser test runs). */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Comma-separated proxy addresses whose X-Forwarded-For we trust; empty: trust none. */
  TRUSTED_PROXIES: z.string().default(""),
  /** The origin the app is served from, for the browser-origin check (defaults to the request's Host). */
  APP_ORIGIN: z.string().url().optional(),
  /** End of the protected lock (ISO-8601 with offset); unset: LOCK_RELEASE_AT of lib/constants.ts. */
  LOCK_RELEASE_AT: z.string().datetime({ offset: true }).optional(),
  /** Daily transfer + withdraw limit per ID-approved member in whole KRW (lib/wallet/limits.ts); 0 blocks them. */
  DAILY_WITHDRAW_LIMIT_KRW: z
    .string()
    .regex(/^\d{1,15}$/)
    .default("2000000"),
  /**
   * Two-factor for administrators: `required` (the default with DATABASE_URL) answers every admin API call of an
   * ADMIN or SUPERADMIN without 2FA with 403 TWO_FACTOR_SETUP_REQUIRED; `optional` (the embedded default) does not.
   */
  ADMIN_2FA: z.enum(["required", "optional"]).optional(),
  /**
   * Four-eyes: what one administrator may move alone, in WLD (a plain decimal), over a rolling 24 hours per
   * administrator and per member (lib/admin/four-eyes-limit.ts); beyond it a change waits for a second administrator.
   */
  FOUR_EYES_LIMIT: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,18})?$/)
    .default("1000"),
  /**
   * Hours of money cool-down after a member sets their FIRST payout address (lib/money-cooldown.ts; a change of
   * credentials or an administrator's reset always waits 24). 24 by default; 0 only where nobody's money is at
   * stake (the browser tests' throwaway server).
   */
  FIRST_ADDRESS_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(72).default(24),
  /**
   * `1`: the embedded demo also seeds a second SUPERADMIN, `superadmin2` / `Super5678!` (lib/seed.ts), so that a
   * role grant or an administrator's reset — four-eyes between two SUPERADMINs — can be approved on the demo (the
   * browser tests set it). Off by default: a fresh demo has one SUPERADMIN, as a real console starts.
   */
  DEMO_SECOND_SUPERADMIN: z.enum(["0", "1"]).default("0"),
  /**
   * The Travel Rule (SECURITY.md J43): a transfer or withdrawal worth this many KRW or more (at the request's price)
   * carries the recipient's details and an IVMS 101 record; 0 applies it to every amount.
   */
  TRAVEL_RULE_THRESHOLD_KRW: z
    .string()
    .regex(/^\d{1,15}$/)
    .default("1000000"),
  /** The operator's name as the originating VASP of its Travel Rule records (lib/travel-rule/ivms.ts). */
  OPERATOR_NAME: z.string().trim().min(1).max(100).default("WLD Wallet"),
  /**
   * Hours WLD credited by a KRW deposit (buy) cannot leave as crypto (SECURITY.md J43; Upbit's anti-voice-phishing
   * rule).
   */
  KRW_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * The operator's bank account members pay KRW into when they buy (the buy modal and the receipt show
   * it). The defaults are the embedded demo's and name no real account: set all three before members buy.
   */
  DEPOSIT_BANK_NAME: z.string().trim().min(1).max(40).default("데모은행"),
  DEPOSIT_BANK_ACCOUNT: z
    .string()
    .trim()
    .regex(/^[0-9][0-9-]{5,29}$/)
    .default("000-000000-00-000"),
  DEPOSIT_BANK_HOLDER: z.string().trim().min(1).max(40).default("WLD Wallet"),
  /**
   * JSON-RPC endpoints the payout proof reads (lib/chain): without one, a network's payouts are recorded as
   * unverified (확인 불가) and never reach PAID. RPC_URL_ETHEREUM serves the ERC20 network.
   */
  RPC_URL_OP: z.string().url().optional(),
  RPC_URL_WORLDCHAIN: z.string().url().optional(),
  RPC_URL_ETHEREUM: z.string().url().optional(),
  /** The WLD token contract per network; the defaults are World's official addresses (README, Payouts). */
  WLD_TOKEN_OP: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default("0xdC6fF44d5d932Cbd77B52E5612Ba0529DC6226F1"),
  WLD_TOKEN_WORLDCHAIN: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default("0x2cFc85d8E48F8EAB294be644d9E25C3030863003"),
  WLD_TOKEN_ETHEREUM: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default("0x163f8C2467924be0ae7B5347228CABF260318753"),
  /** Optional: the operator's hot wallet per network; when set, a payout's Transfer must come from it. */
  PAYOUT_WALLET_OP: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  PAYOUT_WALLET_WORLDCHAIN: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  PAYOUT_WALLET_ETHEREUM: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /** Confirmations before a payout is PAID, per network (README, Payouts: why these defaults). */
  PAYOUT_CONFIRMATIONS_OP: z.coerce.number().int().min(1).max(10_000).default(10),
  PAYOUT_CONFIRMATIONS_WORLDCHAIN: z.coerce.number().int().min(1).max(10_000).default(10),
  PAYOUT_CONFIRMATIONS_ETHEREUM: z.coerce.number().int().min(1).max(10_000).default(12),
  /** How often the confirmations job re-checks SENDING payouts against their networks (milliseconds). */
  PAYOUT_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /**
   * Monthly partitions (db/functions/ensure_month_partitions.sql, docs/operations.md "Monthly partitions"): months a
   * notifications partition stays attached before the daily job moves it into the `archive` schema (kept, never
   * deleted), and the same for staking_rewards (0: never, the reward history a member sees stays whole).
   */
  PARTITION_NOTIFICATIONS_KEEP_MONTHS: z.coerce.number().int().min(0).max(600).default(24),
  PARTITION_REWARDS_KEEP_MONTHS: z.coerce.number().int().min(0).max(600).default(0),
  /** Requests APPROVED/SENDING or deposits unmatched longer than this are shown in red in reconciliation. */
  STUCK_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** 1:1 support: hours an inquiry may wait for a staff answer before the queue marks it overdue (lib/support). */
  SUPPORT_SLA_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Bearer token for GET /api/metrics (lib/metrics.ts); unset: the endpoint does not exist (404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Log threshold of lib/log.ts: debug | info | warn | error (default info; warn under NODE_ENV=test). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).optional(),
});

const empty = (v: string | undefined) => (v === "" ? undefined : v);
const check = () => schema.safeParse(Object.fromEntries(KEYS.map((k) => [k, empty(process.env[k])])));
/** Variable names only: a value may be a secret. */
const malformed = (r: ReturnType<typeof check>) =>
  r.success ? [] : [...new Set(r.error.issues.map((i) => i.path.join(".")))];

/** Variables a server database needs from the environment (embedded mode generates them into DATA_DIR). */
const REQUIRED_WITH_DATABASE_URL = ["AUTH_SECRET", "FILE_ENCRYPTION_KEY"] as const;

/**
 * What stops the server from starting, as one line naming the variables (never their values), or null.
 * scripts/start.ts and lib/boot.ts print it and exit non-zero, so a bad deployment fails at start rather
 * than on the first sign-in or ID upload.
 */
export function startupEnvProblem(): string | null {
  const result = check();
  const bad = malformed(result);
  const missing = empty(process.env.DATABASE_URL)
    ? REQUIRED_WITH_DATABASE_URL.filter((k) => !empty(process.env[k]))
    : [];
  const noDirectUrl =
    result.success && result.data.DATABASE_POOLER === "transaction" && !result.data.DATABASE_DIRECT_URL;
  const parts = [
    missing.length ? `missing ${missing.join(", ")} (required when DATABASE_URL is set)` : "",
    noDirectUrl
      ? "missing DATABASE_DIRECT_URL (required when DATABASE_POOLER=transaction: migrations bypass the pooler)"
      : "",
    bad.length ? `malformed ${bad.join(", ")}` : "",
  ].filter(Boolean);
  return parts.length ? `Cannot start: ${parts.join("; ")}. See "Configuration" in README.md.` : null;
}

export type Env = z.infer<typeof schema>;
const KEYS = Object.keys(schema.shape);

const parsed = new Map<string, { raw: string | undefined; value: unknown }>();

/** One variable, parsed again only when its text changed: a read costs one process.env lookup. */
function variable<K extends keyof Env>(key: K): Env[K] {
  const raw = empty(process.env[key]);
  const hit = parsed.get(key);
  if (hit && hit.raw === raw) return hit.value as Env[K];
  const result = schema.shape[key].safeParse(raw);
  if (!result.success) throw new Error(`Invalid environment: ${key}`);
  parsed.set(key, { raw, value: result.data });
  return result.data as Env[K];
}

/** Each property reads its own variable when read (see variable()). */
const view = Object.defineProperties(
  {} as Env,
  Object.fromEntries(KEYS.map((k) => [k, { enumerable: true, get: () => variable(k as keyof Env) }])),
);

/**
 * The configuration, read lazily so tests and scripts can set variables before use: each property reads its
 * variable when it is read and parses it again only when its text changed. Route handlers read a few variables
 * on every request, so a read must not touch the others (process.env lookups cost about a microsecond each; the
 * whole set read per call was 4 % of a price request's CPU). startupEnvProblem() checks all of them at boot.
 */
export function env(): Env {
  return view;
}

export const isEmbedded = () => !env().DATABASE_URL;

/** ADMIN_2FA, or its default: required with a server database, optional in embedded mode. */
export const adminTwoFactorRequired = () =>
  (env().ADMIN_2FA ?? (env().DATABASE_URL ? "required" : "optional")) === "required";
