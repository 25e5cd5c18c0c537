/**
 * The admin queue of deposit, withdraw and transfer requests (/admin/deposits and its CSV export): PENDING
 * first, then oldest first, each row with its member, amounts, the KRW value at request time and the payout
 * address split into its parts. A PENDING deposit whose quote ran out reads EXPIRED (as in ./requests.ts). The
 * queue's rows also name the `deposit` proposal a deposit's approval waits on (./requests.ts pendingDepositProposals)
 * and carry a transfer/withdrawal's Travel Rule record, if it has one (./travel-rule.ts has the whole record).
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { Coin, RequestStatus, RequestType } from "@/db/schema";
import { type Key, keysStatement, pageKeys, searchKeys, whereOf } from "./admin-request-keys";
import { COUNT_CAP, cappedCount, type ViewerScope } from "./members";
import { pendingDepositProposals } from "./requests";

export type AdminRequestRowDto = {
  id: number;
  type: RequestType;
  status: RequestStatus;
  coinSymbol: Coin;
  amount: string;
  fee: string;
  total: string;
  /** Deposits: the KRW the member pays; others: as stored (usually null). */
  krwAmount: string | null;
  /** The KRW price per coin stored with the request, if any. */
  priceKrw: string | null;
  /** KRW value at request time: a deposit's krwAmount, else `total` × priceKrw cut to whole won (lib/money-text.ts
   * krwValueOf: the member's screens show the same figure), null without a price. */
  krwValue: string | null;
  /** The payout address as stored ("NETWORK|Exchange|address"), split; null parts when it is not in that form. */
  wallet: { network: string | null; exchange: string | null; address: string } | null;
  reason: string | null;
  quoteExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  user: { id: number; userId: string; name: string };
  /** The request's Travel Rule record (worth TRAVEL_RULE_THRESHOLD_KRW or more), else null. */
  travelRule: AdminTravelRuleDto | null;
  /** Deposits: 입금자명, the KRW confirmed received and the bank statement line that paid it (if one did). */
  deposit: AdminDepositProofDto | null;
  /** Transfers/withdrawals whose payout hash was recorded (SENDING, PAID); else null. */
  payout: AdminPayoutProofDto | null;
};

export type AdminDepositProofDto = {
  depositorName: string | null;
  krwReceived: string | null;
  confirmedAt: string | null;
  bankLine: { id: number; occurredAt: string; amountKrw: string } | null;
};

export type AdminPayoutProofDto = {
  txHash: string;
  network: string;
  check: "VERIFIED" | "UNVERIFIED";
  block: number | null;
  recordedAt: string;
  paidAt: string | null;
};

export type AdminTravelRuleDto = {
  beneficiaryName: string;
  selfOwned: boolean;
  relationship: string | null;
  amountKrw: string;
  exchange: string;
};

/** A row of the queue: the request, and the proposal its approval waits on (승인 대기), if any, at the time asked. */
export type AdminQueueRowDto = AdminRequestRowDto & { pendingProposalId: number | null };

/** `search`: a fragment of the member's ID or name, or of a deposit's 입금자명 (case-insensitive). */
export type AdminRequestFilter = { type?: RequestType; status?: RequestStatus; search?: string };

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const effectiveStatus = sql.raw(
  `(CASE WHEN r.status = 'PENDING' AND r.quote_expires_at <= now() THEN 'EXPIRED'::request_status ELSE r.status END)`,
);

type Row = {
  id: string | number;
  type: RequestType;
  status: RequestStatus;
  coin: Coin;
  amount: string;
  fee: string;
  total: string;
  krw_amount: string | null;
  price_krw: string | null;
  krw_value: string | null;
  wallet_addr: string | null;
  reason: string | null;
  quote_expires_at: string | null;
  created_at: string;
  updated_at: string;
  user_id: number;
  handle: string;
  name: string;
  tr_beneficiary: string | null;
  tr_self_owned: boolean | null;
  tr_relationship: string | null;
  tr_amount_krw: string | null;
  tr_exchange: string | null;
  depositor_name: string | null;
  krw_received: string | null;
  krw_confirmed_at: string | null;
  bank_line_id: string | number | null;
  bank_line_at: string | null;
  bank_line_krw: string | null;
  payout_tx_hash: string | null;
  payout_check: "VERIFIED" | "UNVERIFIED" | null;
  payout_block: string | number | null;
  payout_recorded_at: string | null;
  paid_at: string | null;
};

export function splitWalletAddr(text: string | null): AdminRequestRowDto["wallet"] {
  if (!text) return null;
  const parts = text.split("|");
  if (parts.length === 3) return { network: parts[0] ?? null, exchange: parts[1] ?? null, address: parts[2] ?? "" };
  return { network: null, exchange: null, address: text };
}

const toDto = (r: Row): AdminRequestRowDto => ({
  id: Number(r.id),
  type: r.type,
  status: r.status,
  coinSymbol: r.coin,
  amount: r.amount,
  fee: r.fee,
  total: r.total,
  krwAmount: r.krw_amount,
  priceKrw: r.price_krw,
  krwValue: r.krw_value,
  wallet: splitWalletAddr(r.wallet_addr),
  reason: r.reason,
  quoteExpiresAt: r.quote_expires_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  user: { id: r.user_id, userId: r.handle, name: r.name },
  travelRule:
    r.tr_beneficiary === null
      ? null
      : {
          beneficiaryName: r.tr_beneficiary,
          selfOwned: r.tr_self_owned === true,
          relationship: r.tr_relationship,
          amountKrw: r.tr_amount_krw ?? "0",
          exchange: r.tr_exchange ?? "",
        },
  deposit:
    r.type !== "DEPOSIT"
      ? null
      : {
          depositorName: r.depositor_name,
          krwReceived: r.krw_received,
          confirmedAt: r.krw_confirmed_at,
          bankLine:
            r.bank_line_id === null
              ? null
              : { id: Number(r.bank_line_id), occurredAt: r.bank_line_at ?? "", amountKrw: r.bank_line_krw ?? "0" },
        },
  payout:
    r.type === "DEPOSIT" || !r.payout_tx_hash
      ? null
      : {
          txHash: r.payout_tx_hash,
          network: (r.wallet_addr ?? "").split("|")[0] ?? "",
          check: r.payout_check ?? "UNVERIFIED",
          block: r.payout_block === null ? null : Number(r.payout_block),
          recordedAt: r.payout_recorded_at ?? r.updated_at,
          paidAt: r.paid_at,
        },
});

/** The rows of the requests `keys` names (grp, id), in the queue's order. */
async function rowsFor(db: DbOrTx, keys: SQL) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT r.id, r.type::text AS type, ${effectiveStatus}::text AS status, r.coin_symbol::text AS coin,
        trim_scale(r.amount)::text AS amount, trim_scale(r.fee)::text AS fee, trim_scale(r.total)::text AS total,
        trim_scale(r.krw_amount)::text AS krw_amount, trim_scale(r.price_krw)::text AS price_krw,
        CASE WHEN r.type = 'DEPOSIT' THEN trim_scale(r.krw_amount)::text
             WHEN r.price_krw IS NOT NULL THEN trunc(r.total * r.price_krw)::text END AS krw_value,
        r.wallet_addr, r.reason, ${iso("r.quote_expires_at")} AS quote_expires_at,
        ${iso("r.created_at")} AS created_at, ${iso("r.updated_at")} AS updated_at,
        u.id AS user_id, u.user_id AS handle, u.name,
        t.beneficiary_name AS tr_beneficiary, t.self_owned AS tr_self_owned, t.relationship AS tr_relationship,
        t.amount_krw::text AS tr_amount_krw, t.exchange AS tr_exchange,
        r.depositor_name, r.krw_received::text AS krw_received, ${iso("r.krw_confirmed_at")} AS krw_confirmed_at,
        r.bank_line_id, ${iso("l.occurred_at")} AS bank_line_at, l.amount_krw::text AS bank_line_krw,
        r.payout_tx_hash, r.payout_check, r.payout_block, ${iso("r.payout_recorded_at")} AS payout_recorded_at,
        ${iso("r.paid_at")} AS paid_at
      FROM (${keys}) p JOIN requests r ON r.id = p.id JOIN users u ON u.id = r.user_id
        LEFT JOIN travel_rule_records t ON t.request_id = r.id
        LEFT JOIN bank_statement_lines l ON l.id = r.bank_line_id
      ORDER BY p.grp, r.created_at, r.id`),
  );
}

/**
 * One page of the queue as it stands at `at`; `total` exact up to COUNT_CAP (then `totalCapped`). With a search
 * term the page and the count come from ./admin-request-keys.ts searchKeys (the same rows, order and total).
 */
export async function adminRequestPage(
  db: DbOrTx,
  f: AdminRequestFilter & ViewerScope & { page: number; limit: number; at: Date },
): Promise<{ items: AdminQueueRowDto[]; total: number; totalCapped: boolean }> {
  const offset = (f.page - 1) * f.limit;
  const { search } = f;
  const { items, n } = search
    ? await db.transaction(async (tx) => {
        const { keys, n } = await searchKeys(tx, { ...f, search }, f.limit, offset);
        return { items: await itemsOf(tx, keys, f.at), n };
      })
    : {
        items: await itemsOf(db, pageKeys(f, f.limit, offset), f.at),
        n: await cappedCount(db, sql`SELECT 1 FROM requests r JOIN users u ON u.id = r.user_id WHERE ${whereOf(f)}`),
      };
  return { items, total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

/** The rows of `keys`, each with the proposal its approval waits on at `at`, if any. */
async function itemsOf(db: DbOrTx, keys: SQL | Key[], at: Date): Promise<AdminQueueRowDto[]> {
  if (Array.isArray(keys) && keys.length === 0) return [];
  const rows = (await rowsFor(db, Array.isArray(keys) ? keysStatement(keys) : keys)).map(toDto);
  const deposits = rows.filter((r) => r.type === "DEPOSIT").map((r) => r.id);
  const pending = await pendingDepositProposals(db, { requestIds: deposits, at });
  return rows.map((r) => ({ ...r, pendingProposalId: pending.get(r.id) ?? null }));
}

/** Up to `max` rows of the queue in its order, for the CSV export. */
export async function adminRequestExportRows(db: DbOrTx, f: AdminRequestFilter & ViewerScope & { max: number }) {
  return (await rowsFor(db, pageKeys(f, f.max, 0))).map(toDto);
}
