/**
 * The member's own CSV downloads on /wallet-history (issue 14 item 5), for tax filing: every visible
 * transaction and every daily reward with its date and time in KST, the amount in WLD (or the row's coin) as a
 * decimal string, and its KRW value at the time — amount × the nearest stored spot price at or before it
 * (db/queries/member-export.ts), computed with decimal.js and rounded half-up to 0.01 KRW — with the price,
 * its time and its source in their own columns, so every figure can be checked. A row with no stored price
 * before it says so and leaves the KRW columns empty.
 *
 * Headers and kinds in the member's language; the file itself is lib/admin/export.ts's csvResponse (UTF-8 BOM
 * for Excel, formula-injection-safe cells, streamed in chunks), at most MAX_EXPORT_ROWS rows, newest first.
 */
import "server-only";
import { getDb } from "@/db/client";
import { rewardExportRows, transactionExportRows, type PricedRow } from "@/db/queries/member-export";
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
const priceColumns = (r: PricedRow, t: T) =>
  r.priceKrw === null
    ? [null, null, t("noPrice")]
    : [r.priceKrw, kstText(r.priceTime as string), t("source", { source: r.priceSource ?? "" })];

/** GET /api/users/{userId}/export/transactions.csv */
export async function exportMemberTransactions(userId: number, locale: Locale): Promise<Response> {
  const rows = await transactionExportRows(await getDb(), { userId, max: MAX_EXPORT_ROWS });
  const t = translator(locale, "Exports");
  const c = (k: string) => t(`columns.${k}`);
  return csvResponse("transactions", {
    header: [
      c("dateKst"),
      c("kind"),
      c("coin"),
      c("amount"),
      c("krwValue"),
      c("priceKrw"),
      c("priceTimeKst"),
      c("priceSource"),
      c("id"),
    ],
    rows: rows.map((r) => {
      const kind = historyRowKind(r.type, r.amount);
      const [price, priceTime, source] = priceColumns(r, t);
      return [
        kstText(r.createdAt),
        t(`kinds.${kind === "toLock" || kind === "fromLock" ? kind : r.type}`),
        r.coinSymbol,
        r.amount,
        krwValue(r.amount, r.priceKrw),
        price,
        priceTime,
        source,
        r.id,
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
      const [price, priceTime, source] = priceColumns(r, t);
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
