/**
 * The admin staking calls: products, a member's own rate, interest on the rewards account,
 * and withdrawing from a member's stake. Every change is audited; money moves only through lib/ledger.
 * Whether a product change raises a rate in force — and so waits for a second administrator (SECURITY I39,
 * lib/admin/proposals.ts) — is judged here, under the same lock the change itself takes.
 * Changes on a member lock the member row first and refuse a deactivated member (404).
 */
import { eq, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { type ProductDto, productColumns, toProductDto } from "@/db/queries/staking";
import { type Coin, memberStakingRates, stakingProducts } from "@/db/schema";
import { audit } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { credit, debit, move } from "@/lib/ledger";
import { D, type Dec, toDecimalString } from "@/lib/money";
import { notify } from "@/lib/notifications";
import { memberRateNow, notifyMemberRateChange, notifyProductRateChange } from "@/lib/notifications/rates";
import { activeMemberForShareOrThrow } from "@/lib/wallet/member-row";
import { productsWith, raisesRates } from "./rates";

/** `postingKey`: the ledger idempotency key of a money change (an approved four-eyes proposal's `proposal:<id>`). */
export type Actor = { actorId: number; ip?: string | null; requestId?: string | null; postingKey?: string };

export type ProductInput = {
  coinSymbol: Coin;
  name: string;
  annualRate: Dec;
  lockEnd?: Date | null;
  lockDays?: number | null;
  minAmount?: Dec;
  active: boolean;
};

/** A product as a proposal keeps it until approved: the product's answer without its id and times. */
export type StoredProduct = Omit<ProductDto, "id" | "createdAt" | "updatedAt">;

export const storedProduct = (input: ProductInput): StoredProduct => ({
  coinSymbol: input.coinSymbol,
  name: input.name,
  annualRate: toDecimalString(input.annualRate),
  lockEnd: input.lockEnd ? input.lockEnd.toISOString() : null,
  lockDays: input.lockDays ?? null,
  minAmount: toDecimalString(input.minAmount ?? "0"),
  active: input.active,
});

export const productInputOf = (stored: StoredProduct): ProductInput => ({
  ...stored,
  annualRate: new D(stored.annualRate),
  lockEnd: stored.lockEnd === null ? null : new Date(stored.lockEnd),
  minAmount: new D(stored.minAmount),
});

/**
 * Product changes one at a time (SECURITY I39): each is judged against the rates the previous one left, so two
 * changes that raise nothing alone cannot together put a higher rate in force. Held to the end of the caller's
 * transaction; reads (the reward run, the screens) are not blocked.
 */
export async function serializeProductChanges(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`LOCK TABLE staking_products IN SHARE ROW EXCLUSIVE MODE`);
}

/** Whether a new product would raise a rate in force (an inactive one never does). Takes serializeProductChanges. */
export async function newProductRaisesRates(tx: DbOrTx, input: ProductInput): Promise<boolean> {
  if (!input.active) return false;
  await serializeProductChanges(tx);
  return raisesRates(tx, productsWith(null, storedProduct(input)));
}

/**
 * The product `id` before `patch`, and whether the patch would raise a rate in force: a higher rate, a lower
 * minimum, activating it, moving it to another coin, or deactivating it over an older product that pays more.
 * Takes serializeProductChanges; unknown product → 404.
 */
export async function productChangeRaisesRates(
  tx: DbOrTx,
  id: number,
  patch: Partial<ProductInput>,
): Promise<{ before: ProductDto; raises: boolean }> {
  await serializeProductChanges(tx);
  const [row] = await tx.select(productColumns).from(stakingProducts).where(eq(stakingProducts.id, id));
  if (!row) throw new AppError("NOT_FOUND");
  const before = toProductDto(row);
  const after = {
    coinSymbol: patch.coinSymbol ?? before.coinSymbol,
    annualRate: patch.annualRate === undefined ? before.annualRate : toDecimalString(patch.annualRate),
    minAmount: patch.minAmount === undefined ? before.minAmount : toDecimalString(patch.minAmount),
    active: patch.active ?? before.active,
  };
  return { before, raises: await raisesRates(tx, productsWith(id, after)) };
}

/**
 * Creates a product (audited). Its changes are recorded from the application's clock (lib/clock.ts), the instant
 * its rate takes effect for the reward days (staking_product_versions).
 */
export async function createProduct(
  input: ProductInput,
  actor: Actor,
  /** A caller's transaction to join (the route's, or an approved four-eyes proposal's); else one of its own. */
  within?: DbOrTx,
): Promise<ProductDto> {
  const db = within ?? (await getDb());
  return db.transaction(async (tx) => {
    await serializeProductChanges(tx);
    // The stakers whose rate the new product changes are told, judged before it exists.
    if (input.active) await notifyProductRateChange(tx, productsWith(null, storedProduct(input)), [input.coinSymbol]);
    const at = now();
    const [row] = await tx
      .insert(stakingProducts)
      .values({
        coinSymbol: input.coinSymbol,
        name: input.name,
        annualRate: input.annualRate.toFixed(),
        lockEnd: input.lockEnd ?? null,
        lockDays: input.lockDays ?? null,
        minAmount: input.minAmount ? input.minAmount.toFixed() : "0",
        active: input.active,
        createdAt: at,
        updatedAt: at,
      })
      .returning(productColumns);
    if (!row) throw new Error("staking: product insert returned nothing");
    const dto = toProductDto(row);
    await audit(tx, { action: "staking.product_create", ...actorFields(actor), targetId: row.id, after: dto });
    return dto;
  });
}

export async function updateProduct(
  id: number,
  patch: Partial<ProductInput>,
  actor: Actor,
  /** A caller's transaction to join (the route's, or an approved four-eyes proposal's); else one of its own. */
  within?: DbOrTx,
): Promise<ProductDto> {
  const db = within ?? (await getDb());
  return db.transaction(async (tx) => {
    await serializeProductChanges(tx);
    const [before] = await tx
      .select(productColumns)
      .from(stakingProducts)
      .where(eq(stakingProducts.id, id))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    // The stakers whose rate the change moves are told, judged before it is written.
    const rule = {
      coinSymbol: patch.coinSymbol ?? before.coinSymbol,
      annualRate:
        patch.annualRate === undefined ? toDecimalString(before.annualRate) : toDecimalString(patch.annualRate),
      minAmount: patch.minAmount === undefined ? toDecimalString(before.minAmount) : toDecimalString(patch.minAmount),
      active: patch.active ?? before.active,
    };
    await notifyProductRateChange(tx, productsWith(id, rule), [before.coinSymbol, rule.coinSymbol]);
    const set: Partial<typeof stakingProducts.$inferInsert> = { updatedAt: now() };
    if (patch.coinSymbol !== undefined) set.coinSymbol = patch.coinSymbol;
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.annualRate !== undefined) set.annualRate = patch.annualRate.toFixed();
    if (patch.minAmount !== undefined) set.minAmount = patch.minAmount.toFixed();
    if (patch.active !== undefined) set.active = patch.active;
    // Lock end and lock days exclude each other: setting one clears the other.
    if (patch.lockEnd !== undefined) {
      set.lockEnd = patch.lockEnd;
      if (patch.lockEnd) set.lockDays = null;
    }
    if (patch.lockDays !== undefined) {
      set.lockDays = patch.lockDays;
      if (patch.lockDays != null) set.lockEnd = null;
    }
    const [row] = await tx.update(stakingProducts).set(set).where(eq(stakingProducts.id, id)).returning(productColumns);
    if (!row) throw new AppError("NOT_FOUND");
    const dto = toProductDto(row);
    await audit(tx, {
      action: "staking.product_update",
      ...actorFields(actor),
      targetId: id,
      before: toProductDto(before),
      after: dto,
    });
    return dto;
  });
}

const actorFields = (a: Actor) => ({ actorId: a.actorId, ip: a.ip ?? null, requestId: a.requestId ?? null });

/** Sets (upserts) a member's own annual rate for a coin; it overrides the product's rate from the day it is set. */
export async function setMemberRate(
  userId: number,
  coin: Coin,
  rate: Dec,
  actor: Actor,
  /** A caller's transaction to join (an approved four-eyes proposal); else one of its own. */
  within?: DbOrTx,
): Promise<{ coinSymbol: Coin; rate: string }> {
  const db = within ?? (await getDb());
  return db.transaction(async (tx) => {
    await activeMemberForShareOrThrow(tx, userId);
    const before = rowsOf<{ rate: string | null }>(
      await tx.execute(sql`
        SELECT annual_rate::text AS rate FROM member_staking_rates
        WHERE user_id = ${userId} AND coin_symbol = ${coin}::coin FOR UPDATE`),
    )[0];
    const rateBefore = await memberRateNow(tx, userId, coin);
    // From the application's clock: the instant the rate takes effect for the reward days (migration 0015).
    const at = now();
    await tx
      .insert(memberStakingRates)
      .values({ userId, coinSymbol: coin, annualRate: rate.toFixed(), updatedAt: at })
      .onConflictDoUpdate({
        target: [memberStakingRates.userId, memberStakingRates.coinSymbol],
        set: { annualRate: rate.toFixed(), updatedAt: at },
      });
    const after = { coinSymbol: coin, rate: toDecimalString(rate) };
    await notifyMemberRateChange(tx, userId, {
      coin,
      before: rateBefore,
      after: await memberRateNow(tx, userId, coin),
    });
    await audit(tx, {
      action: "staking.member_rate",
      ...actorFields(actor),
      targetUserId: userId,
      before: { coinSymbol: coin, rate: before?.rate ? toDecimalString(before.rate) : null },
      after,
    });
    return after;
  });
}

/**
 * Interest on the member's rewards account: deposit credits it from the coin's rewards_pool, withdraw
 * returns it there. The ledger's guarded update refuses to go below zero (409 INSUFFICIENT_FUNDS).
 */
export async function adjustInterest(
  db: DbOrTx,
  userId: number,
  amount: Dec,
  action: "deposit" | "withdraw",
  actor: Actor,
  coin: Coin = "WLD",
): Promise<{ rewards: string }> {
  const common = {
    userId,
    coin,
    amount,
    actorId: actor.actorId,
    idempotencyKey: actor.postingKey,
    audit: {
      action: `staking.interest_${action}` as const,
      ...actorFields(actor),
      targetUserId: userId,
      after: { coin, amount: amount.toFixed(), action },
    },
  };
  const result = await db.transaction(async (tx) => {
    await activeMemberForShareOrThrow(tx, userId);
    const posted =
      action === "deposit"
        ? await credit(tx, { ...common, kind: "INTEREST_DEPOSIT", from: "rewards_pool", to: "rewards" })
        : await debit(tx, { ...common, kind: "INTEREST_WITHDRAW", from: "rewards", to: "rewards_pool" });
    // The member is told — not again on a replayed posting key.
    if (!posted.replayed)
      await notify(tx, userId, action === "deposit" ? "balance_credited" : "balance_debited", {
        coin,
        amount: toDecimalString(amount),
        account: "rewards",
      });
    return posted;
  });
  const rewards = result.balances.find((b) => b.account.userId !== null)?.balance ?? "0";
  return { rewards };
}

/**
 * An admin withdraws part of a member's stake. The coins go back to the member's holding (they are not
 * paid out): the admin ends (part of) the protected lock, the member keeps the coins, and any payout
 * off the platform remains a separate, visible coin withdrawal. Recorded as a negative STAKING
 * transaction, the mirror image of the swap that staked them.
 */
export async function withdrawStake(
  db: DbOrTx,
  userId: number,
  coin: Coin,
  amount: Dec,
  actor: Actor,
): Promise<{ coinSymbol: Coin; staked: string; holding: string }> {
  const result = await db.transaction(async (tx) => {
    await activeMemberForShareOrThrow(tx, userId);
    return move(tx, {
      kind: "ADMIN_UNSTAKE",
      userId,
      coin,
      amount,
      from: "staked",
      to: "holding",
      actorId: actor.actorId,
      idempotencyKey: actor.postingKey,
      memberTx: [{ userId, type: "STAKING", coinSymbol: coin, amount: amount.neg() }],
      audit: {
        action: "staking.admin_withdraw",
        ...actorFields(actor),
        targetUserId: userId,
        after: { coin, amount: amount.toFixed() },
      },
    });
  });
  const of = (kind: string) => result.balances.find((b) => b.account.kind === kind)?.balance ?? "0";
  return { coinSymbol: coin, staked: of("staked"), holding: of("holding") };
}
