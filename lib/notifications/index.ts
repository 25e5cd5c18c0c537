/**
 * The member's in-app inbox. `notify` writes one row — what happened (`kind`) and its details
 * (`params`: ids, coin, amounts as decimal strings, a reason) — INSIDE THE CALLER'S TRANSACTION, so a change
 * that rolls back leaves no notification. The row never holds rendered text: lib/notifications/render.ts turns
 * kind + params into the reader's language when the inbox is read (messages/<locale>/notifications.json).
 */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type Coin, notifications, type RequestType } from "@/db/schema";
import { deviceName } from "@/lib/auth/device-name";

/** The change a member's 2FA went through (written by lib/auth two-factor code). */
export type TwoFactorChange = "ENABLED" | "DISABLED" | "RESET" | "RECOVERY_CODES";

/** Every kind with the params it carries. Params are JSON: strings for money, never JS numbers for amounts. */
export type NotificationParams = {
  /** The member's ID document was approved; `reward`: the WLD paid with this first approval, else null. */
  id_approved: { reward: string | null };
  /** …rejected, with the administrator's reason (may be empty). */
  id_rejected: { reason: string | null };
  /** A deposit / withdraw / transfer / buy (KRW deposit) request was approved, rejected or cancelled. */
  request_approved: RequestParams;
  request_rejected: RequestParams & { reason: string | null };
  request_cancelled: RequestParams;
  /** A transfer/withdraw the receiving exchange refused through its Travel Rule service (반환됨), with its reason. */
  request_returned: RequestParams & { reason: string | null };
  /** A transfer/withdraw the chain confirmed (PAID): the transaction's hash and network. */
  request_paid: RequestParams & { txHash: string; network: string };
  /** A transfer/withdraw that could not be paid out (FAILED): amount and fee went back to staking; the reason. */
  request_failed: RequestParams & { reason: string };
  /** The daily staking reward of one KST day: one row per member per day, the amounts per coin. */
  reward_paid: { day: string; amounts: Partial<Record<Coin, string>> };
  /**
   * A login from a device this member had not used before: `device` is browser · OS ("Chrome · macOS", null
   * when unrecognised), `ip` the address it came from.
   */
  new_device_login: { device: string | null; ip: string | null };
  /** Password changed by the member (`by: "self"`) or reset by an administrator (`by: "admin"`). */
  password_changed: { by: "self" | "admin" };
  /** Two-factor authentication state changed. */
  two_factor_changed: { change: TwoFactorChange; by?: "self" | "admin" };
  /** An administrator reset the member's registered wallet address. */
  wallet_reset: Record<string, never>;
  /** A deposit (buy) / withdraw / transfer request of the member's was received (접수). */
  request_received: RequestParams;
  /**
   * An administrator credited or debited the member's `holding` or `rewards` (a credit with a history row, an
   * adjustment without one, interest; directly or through an approved four-eyes proposal).
   */
  balance_credited: BalanceChangeParams;
  balance_debited: BalanceChangeParams;
  /**
   * The annual rate the member's stake of `coin` earns changed (their own rate set by an administrator, or a product
   * change that reaches their stake), from the next reward day on: `before` / `after` in percent, null for none.
   */
  rate_changed: { coin: Coin; before: string | null; after: string | null };
  /** The member froze their account (the panic button, lib/account/freeze.ts), from Settings or the notification. */
  account_frozen: { how: "SETTINGS" | "NOTIFICATION" };
  /** The freeze was lifted by the member, or by an administrator's approved proposal; `cooldownUntil` ISO. */
  account_unfrozen: { by: "self" | "admin"; cooldownUntil: string };
  /** Staff answered the member's 1:1 inquiry (lib/support): one per answer; opens /support/view?id=. */
  inquiry_answered: { inquiryId: number };
};
export type NotificationKind = keyof NotificationParams;

/** What an administrator's credit or debit changed: the coin, the amount (a decimal string) and which balance. */
export type BalanceChangeParams = { coin: Coin; amount: string; account: "holding" | "rewards" };

/** A DEPOSIT request is the member's KRW purchase (구매 / "Buy"); amount: the coin amount, a decimal string. */
export type RequestParams = {
  requestId: number;
  type: RequestType;
  coin: Coin;
  amount: string;
};

/**
 * Writes one notification for `userId` in the caller's transaction (pass the `tx` of the change it reports,
 * not the global db, so both commit or neither does).
 */
export async function notify<K extends NotificationKind>(
  tx: DbOrTx,
  userId: number,
  kind: K,
  params: NotificationParams[K],
): Promise<void> {
  await tx.insert(notifications).values({ userId, kind, params });
}

/** As lib/auth/session.ts keeps a session's user agent. */
const USER_AGENT_MAX = 256;

/**
 * "A login from a new device" as ONE statement, to join the login's closing statement as a CTE (so the login
 * still costs the same statements): it inserts the notification only when the member has signed in before
 * and never from this device. A device is its stored user agent with every version number taken out — the
 * browser and the operating system, so a browser update is not a new device. The statement's snapshot does
 * not see the new session row written beside it, so "before" means before this login.
 */
export function newDeviceLoginSql(userId: number, client: { userAgent?: string | null; ip?: string | null }): SQL {
  const ua = client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null;
  const params: NotificationParams["new_device_login"] = { device: deviceName(ua).label, ip: client.ip ?? null };
  const family = (col: SQL) => sql`regexp_replace(${col}, '[0-9][0-9._]*', '', 'g')`;
  return sql`INSERT INTO notifications (user_id, kind, params)
    SELECT ${userId}::integer, 'new_device_login', ${JSON.stringify(params)}::jsonb
    WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = ${userId}::integer)
      AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = ${userId}::integer
        AND ${family(sql`s.user_agent`)} IS NOT DISTINCT FROM ${family(sql`${ua}::text`)})`;
}
