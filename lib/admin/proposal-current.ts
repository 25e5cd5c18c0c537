/**
 * What a proposal would change, as it is now: the approvals screen shows "current → proposed"
 * with values read when the queue is read, not the ones stored when it was proposed (a rate may have changed since,
 * and a member without their own rate earns the product's — "— → 20%" said nothing). Read for PENDING proposals
 * only; a decided one keeps its stored `before`.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin, Role } from "@/db/schema";
import { memberBalances } from "@/lib/ledger";
import { toDecimalString } from "@/lib/money";
import { effectiveRates } from "@/lib/staking/rates";
import { defaultDailyLimitKrw } from "@/lib/wallet/limits";
import { storedPayload } from "./proposal-payloads";
import type { ProposalDto } from "./proposals";

/** The present value(s) a proposal changes; which fields are set depends on its kind. */
export type ProposalCurrent = {
  /** Annual rate in percent now: the member's rate in force (own or product's), the product's, the coin's default. */
  rate?: string | null;
  /** Where a member's rate in force comes from. */
  rateSource?: "member" | "product" | null;
  /** The member's own daily withdrawal limit (null: the default), and the configured default (whole KRW). */
  limitKrw?: string | null;
  defaultLimitKrw?: string;
  /** The target account's role now. */
  role?: Role;
  /** Whether the target has two-factor on now. */
  twoFactor?: boolean;
  /** The balance the change moves (holding; rewards for interest; staked for a stake withdrawal), WLD decimal. */
  balance?: string;
  /** Which balance `balance` is. */
  account?: "holding" | "rewards" | "staked";
};

const one = async <T>(db: DbOrTx, q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0];

async function balanceOf(db: DbOrTx, userId: number, coin: Coin, account: "holding" | "rewards" | "staked") {
  const all = await memberBalances(db, userId, [coin]);
  return { balance: all[coin]?.[account] ?? "0", account };
}

/**
 * The current values of one proposal (null when its kind has none to show, it is decided, or its stored payload does
 * not fit its kind: the queue still lists it, and approving it is refused).
 */
export async function currentOf(db: DbOrTx, p: ProposalDto): Promise<ProposalCurrent | null> {
  if (p.status !== "PENDING") return null;
  const target = p.target?.id;
  switch (p.kind) {
    case "coin":
    case "coinunhist": {
      const x = storedPayload(p.kind, p.payload);
      return target && x ? balanceOf(db, target, x.symbol, "holding") : null;
    }
    case "deposit": {
      const x = storedPayload("deposit", p.payload);
      return target && x ? balanceOf(db, target, x.symbol, "holding") : null;
    }
    case "interest":
      return target ? balanceOf(db, target, "WLD", "rewards") : null;
    case "staking": {
      const x = storedPayload("staking", p.payload);
      return target && x ? balanceOf(db, target, x.symbol, "staked") : null;
    }
    case "member_rate": {
      const x = storedPayload("member_rate", p.payload);
      if (!target || !x) return null;
      const [r] = await effectiveRates(db, target, [x.coinSymbol]);
      return { rate: r?.rate ?? null, rateSource: r?.source ?? null };
    }
    case "product_rate": {
      const x = storedPayload("product_rate", p.payload);
      if (!x) return null;
      const row = await one<{ rate: string }>(
        db,
        sql`SELECT annual_rate::text AS rate FROM staking_products WHERE id = ${x.productId}`,
      );
      return { rate: row ? toDecimalString(row.rate) : null };
    }
    case "product_create": {
      // The coin's default rate in force: its newest active product.
      const x = storedPayload("product_create", p.payload);
      if (!x) return null;
      const row = await one<{ rate: string }>(
        db,
        sql`SELECT annual_rate::text AS rate FROM staking_products
          WHERE coin_symbol = ${x.product.coinSymbol}::coin AND active ORDER BY id DESC LIMIT 1`,
      );
      return { rate: row ? toDecimalString(row.rate) : null };
    }
    case "withdraw_limit": {
      if (!target) return null;
      const row = await one<{ limit: string | null }>(
        db,
        sql`SELECT trim_scale(daily_withdraw_limit_krw)::text AS limit FROM users WHERE id = ${target}`,
      );
      return { limitKrw: row?.limit ?? null, defaultLimitKrw: defaultDailyLimitKrw() };
    }
    case "role": {
      if (!target) return null;
      const row = await one<{ role: Role }>(db, sql`SELECT role FROM users WHERE id = ${target}`);
      return row ? { role: row.role } : null;
    }
    case "two_factor_reset": {
      if (!target) return null;
      const row = await one<{ on: boolean }>(
        db,
        sql`SELECT (two_factor_enabled_at IS NOT NULL) AS on FROM users WHERE id = ${target}`,
      );
      return row ? { twoFactor: row.on === true || String(row.on) === "true" } : null;
    }
    default:
      return null;
  }
}
