/**
 * The member's own CSV downloads on /wallet-history, for tax filing: every
 * posting on the member's balances (exportMemberTransactions) and every daily reward with its date and time in
 * KST, the amount in WLD (or the row's coin) as a plain number, and its KRW value — amount × the price that
 * values it (db/queries/member-export.ts), computed exactly (lib/money.ts) and rounded half-up to 0.01 KRW — with the
 * price, its time and its source in their own columns, so every figure can be checked. A row with no stored price
 * before it says so and leaves the KRW columns empty.
 *
 * Headers and kinds in the member's language; the file itself is lib/admin/export.ts's csvResponse (UTF-8 BOM
 * for Excel, formula-injection-safe cells, streamed in chunks), at most MAX_EXPORT_ROWS rows, newest first.
 */
import "server-only";
import { getDb } from "@/db/client";
import { type LedgerExportRow, ledgerExportRows, type PricedRow, rewardExportRows } from "@/db/queries/member-export";
import { csvResponse, MAX_EXPORT_ROWS } from "@/lib/admin/export";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/translate";
import { D, roundTo } from "@/lib/money";
import { historyRowKind } from "@/lib/wallet/review";

/** KST wall time "YYYY-MM-DD HH:mm:ss" of an ISO instant. */
export const kstText = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

/** amount × price, rounded half-up to 0.01 KRW; null without a price. */
export function krwValue(amount: string, priceKrw: string | null): string | null {
  return priceKrw === null ? null : roundTo(new D(amount).times(priceKrw), 2).toFixed(2);
}

type T = (key: string, values?: Record<string, string | number>) => string;

/** The three price columns: price, its KST time, where it came from (or "no price"). */
const priceColumns = (r: PricedRow, t: T, sourceKey = "source") =>
  r.priceKrw === null
    ? [null, null, t("noPrice")]
    : [r.priceKrw, kstText(r.priceTime as string), t(sourceKey, { source: r.priceSource ?? "" })];

/** Postings named by what they were (a buy, an administrator's credit or adjustment, a reward); the rest by their history row. */
const POSTING_KINDS: Record<string, string> = {
  DEPOSIT_APPROVE: "buy",
  ADMIN_DEPOSIT: "adminCredit",
  ADJUSTMENT_CREDIT: "adjustmentCredit",
  ADJUSTMENT_DEBIT: "adjustmentDebit",
  INTEREST_DEPOSIT: "interestCredit",
  INTEREST_WITHDRAW: "interestDebit",
  STAKING_REWARD: "reward",
  KYC_REWARD: "kycReward",
};

function kindOf(r: LedgerExportRow, amount: string): string {
  const named = POSTING_KINDS[r.postingKind];
  if (named) return named;
  // A move between the member's own balances without a history row: named by where it went.
  const type = r.txType ?? (new D(amount).eq(0) ? "STAKING" : amount.startsWith("-") ? "WITHDRAW" : "DEPOSIT");
  const kind = historyRowKind(type, r.txType ? amount : new D(amount).eq(0) ? r.lock : amount);
  if (kind === "toLock" || kind === "fromLock") return kind;
  return r.txType ?? (kind === "out" ? "WITHDRAW" : "DEPOSIT");
}

/** Where the row is on the member's screens: the history, hidden from it by an administrator, the rewards, nowhere. */
const screenOf = (r: LedgerExportRow) =>
  r.hidden ? "hidden" : r.txId !== null ? "shown" : r.rewardDay !== null ? "rewards" : "notListed";

/**
 * GET /api/users/{userId}/export/transactions.csv: every posting on the member's balances, from
 * the ledger — hidden history rows included and marked, rewards and an administrator's adjustments too — with
 * what it did to each balance (holding, protected lock = staked + held, rewards) as plain numbers, so each
 * column of the file sums to that balance. A buy is valued at its request's quoted price, a daily reward at its
 * day's stored price, anything else at the stored spot price at or before it.
 */
export async function exportMemberTransactions(userId: number, locale: Locale): Promise<Response> {
  const rows = await ledgerExportRows(await getDb(), { userId, max: MAX_EXPORT_ROWS });
  const t = translator(locale, "Exports");
  const c = (k: string) => t(`columns.${k}`);
  return csvResponse("transactions", {
    header: [
      c("dateKst"),
      c("kind"),
      c("coin"),
      c("amount"),
      c("holdingChange"),
      c("lockChange"),
      c("rewardsChange"),
      c("krwValue"),
      c("priceKrw"),
      c("priceTimeKst"),
      c("priceSource"),
      c("onScreen"),
      c("id"),
      c("postingId"),
    ],
    rows: rows.map((r) => {
      const amount = r.txAmount ?? new D(r.holding).plus(r.lock).plus(r.rewards).toFixed();
      const [price, priceTime, source] =
        r.priceKrw === null
          ? [null, null, t("noPrice")]
          : [
              r.priceKrw,
              kstText(r.priceTime as string),
              r.priceKind === "quote"
                ? t("quoteSource")
                : t(r.priceKind === "day" ? "daySource" : "source", { source: r.priceSource ?? "" }),
            ];
      return [
        kstText(r.createdAt),
        t(`kinds.${kindOf(r, amount)}`),
        r.coinSymbol,
        amount,
        r.holding,
        r.lock,
        r.rewards,
        krwValue(amount, r.priceKrw),
        price,
        priceTime,
        source,
        t(`screen.${screenOf(r)}`),
        r.txId,
        r.postingId,
      ];
    }),
  });
}

/** GET /api/users/{userId}/export/rewards.csv */
export async function exportMemberRewards(userId: number, locale: Locale): Promise<Response> {
  const rows = await rewardExportRows(await getDb(), { userId, max: MAX_EXPORT_ROWS });
  const t = translator(locale, "Exports");
  const c = (k: string) => t(`columns.${k}`);
  return csvResponse("rewards", {
    header: [
      c("dateKst"),
      c("day"),
      c("kind"),
      c("coin"),
      c("amount"),
      c("krwValue"),
      c("priceKrw"),
      c("priceTimeKst"),
      c("priceSource"),
      c("stakedBalance"),
      c("annualRate"),
      c("id"),
    ],
    rows: rows.map((r) => {
      const [price, priceTime, source] = priceColumns(r, t, "daySource");
      return [
        kstText(r.createdAt),
        r.day,
        t("kinds.reward"),
        r.coinSymbol,
        r.amount,
        krwValue(r.amount, r.priceKrw),
        price,
        priceTime,
        source,
        r.stakedBalance,
        r.annualRate,
        r.id,
      ];
    }),
  });
}
