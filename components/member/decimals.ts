"use client";

/**
 * Amounts and prices as exact decimals, under the names the screens that compute money use (the coin and staking
 * tabs, the review figures of the modals, the transfer page). One decimal library serves the app (big.js, through
 * lib/money-text.ts; lib/money.ts calls the same constructor D), so these are ./queries.ts's readers: a value read
 * here works with D's arithmetic and rounding.
 */
import { amountFixed, type PriceTexts, priceFixed, usePriceTexts, wldFixedOf } from "./queries";

/** GET /api/prices: symbol → KRW (as decimals), and whether the prices may be shown at all. */
export type PriceMap = PriceTexts;
export const usePrices = usePriceTexts;

/** A KRW price (number or string, possibly wrapped as `{ price }`) as a decimal, or null. */
export const priceDec = priceFixed;

/** Decimal of an amount string from the API; garbage reads as zero rather than NaN. */
export const amt = amountFixed;

/** The WLD amount of a coins or staked list. */
export const wldOf = wldFixedOf;
