/**
 * Public business constants of the spec (fees, minimums, limits, dates), the one module both sides import: client
 * screens and hooks and the server alike. Client-safe: no imports at all. The client also reads a few from
 * GET /api/config.
 */

/** End of the protected lock, fixed by the spec. Change here only; the client counts down to it and floors at zero. */
export const LOCK_RELEASE_AT = "2025-07-27T18:00:00+09:00";

/**
 * The daily staking reward: balance × annual rate (percent) / REWARD_RATE_DIVISOR (100 % × 365 days), rounded
 * down to REWARD_DECIMALS. lib/staking/rates.ts dailyReward; its SQL twin (db/queries/staking-rates.ts rewardSql)
 * spells the same numbers out because db/ imports nothing from lib/, and tests hold the two to one table.
 */
export const REWARD_RATE_DIVISOR = 36_500;
export const REWARD_DECIMALS = 8;

/** A market price older than this is not trusted: shown as unavailable and never used to convert money (SECURITY F30). */
export const MAX_PRICE_AGE_MS = 60 * 60 * 1000;

/** Version label shown in Settings. */
export const APP_VERSION = "2.8.8300";

/** Smallest transfer or withdraw amount, in coin units. */
export const MIN_TRANSFER = "5";

/** Decimals a member may enter for a transfer or withdraw amount. */
export const TRANSFER_DECIMALS = 2;

/** Decimals of a deposit's coin amount converted from KRW. */
export const DEPOSIT_DECIMALS = 6;

/** Transfer fee in WLD by the wallet address's network; DEFAULT applies when the lookup fails. */
export const TRANSFER_FEES = { OP: "0.2", WORLDCHAIN: "0.2", ERC20: "1.5", DEFAULT: "0.2" } as const;

/** The coins the app lists (the spec's six symbols; the same list as the `coin` enum in db/schema.ts). */
export const COIN_SYMBOLS = ["BTC", "ETH", "SOL", "DOGE", "XRP", "WLD"] as const;

/** A KRW deposit is quoted with a price at most this old (ms)… */
export const DEPOSIT_PRICE_MAX_AGE_MS = 2 * 60_000;

/** …and the quote holds this long (ms); afterwards the request is EXPIRED. */
export const DEPOSIT_QUOTE_TTL_MS = 10 * 60_000;
