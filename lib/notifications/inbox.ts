/**
 * Reading the member's inbox (GET /api/notifications and the /notifications screen): newest first, rendered in
 * the reader's language now (kind + params → messages/<locale>/notifications.json), so a member who switches
 * language reads every notification in the new one. Every query is scoped to the member: another member's
 * notification is "not found", never read or marked.
 */
import "server-only";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { statement } from "@/db/statement";
import { type Coin, notifications } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/translate";
import { AppError } from "@/lib/errors";
import { formatAmount } from "@/lib/money";
import { FREEZE_FROM_NOTIFICATION } from "@/lib/account/dto";
import { kstMinuteText } from "@/lib/money-cooldown";
import type { BalanceChangeParams, NotificationKind, NotificationParams, RequestParams } from "./index";

export type NotificationDto = {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The screen it concerns (the request list, the devices list, …). */
  href: string;
  /** A second step offered beside it: the new-device login's "Not you? Lock your account" (lib/account/freeze.ts). */
  action?: { label: string; href: string };
  createdAt: string;
  readAt: string | null;
};

export type InboxPage = { items: NotificationDto[]; total: number; unread: number; page: number; limit: number };

type Row = { id: number; kind: string; params: unknown; createdAt: Date; readAt: Date | null };
type T = (key: string, values?: Record<string, string | number>) => string;

const tag = (locale: Locale) => (locale === "en" ? "en-US" : "ko-KR");
const amountText = (amount: string, locale: Locale) => formatAmount(amount, 18, tag(locale));

const HREF: Record<NotificationKind, string> = {
  id_approved: "/verify",
  id_rejected: "/verify",
  request_approved: "/wallet-history",
  request_rejected: "/wallet-history",
  request_cancelled: "/wallet-history",
  request_returned: "/wallet-history",
  request_paid: "/wallet-history",
  request_failed: "/wallet-history",
  reward_paid: "/wallet-history",
  new_device_login: "/settings/devices",
  password_changed: "/settings",
  two_factor_changed: "/settings",
  wallet_reset: "/settings",
  request_received: "/wallet-history",
  balance_credited: "/wallet",
  balance_debited: "/wallet",
  rate_changed: "/wallet",
  account_frozen: "/settings/lock",
  account_unfrozen: "/settings/lock",
  inquiry_answered: "/support",
};

/** Title and body of one notification in `locale`. Unknown kinds (a newer server's) render generically. */
export function renderNotification(
  row: { kind: string; params: unknown },
  locale: Locale,
  t: T = translator(locale, "Notifications"),
): { title: string; body: string; href: string; action?: { label: string; href: string } } {
  const kind = row.kind as NotificationKind;
  const p = (row.params ?? {}) as Record<string, unknown>;
  const k = (key: string, values?: Record<string, string | number>) => t(`kinds.${kind}.${key}`, values);
  const href = HREF[kind] ?? "/notifications";
  switch (kind) {
    case "id_approved": {
      const { reward } = p as NotificationParams["id_approved"];
      return {
        title: k("title"),
        body: reward ? k("bodyReward", { amount: amountText(reward, locale) }) : k("body"),
        href,
      };
    }
    case "id_rejected": {
      const { reason } = p as NotificationParams["id_rejected"];
      return { title: k("title"), body: reason ? k("bodyReason", { reason }) : k("body"), href };
    }
    case "request_approved":
    case "request_cancelled":
    case "request_rejected":
    case "request_returned":
    case "request_paid":
    case "request_failed": {
      const r = p as RequestParams & { reason?: string | null; txHash?: string; network?: string };
      const values = {
        type: t(`requestTypes.${r.type}`),
        id: r.requestId,
        amount: amountText(r.amount, locale),
        coin: r.coin,
        txHash: r.txHash ?? "",
        network: r.network ?? "",
      };
      const body = r.reason ? k("bodyReason", { ...values, reason: r.reason }) : k("body", values);
      return { title: k("title", values), body, href };
    }
    case "reward_paid": {
      const { day, amounts } = p as NotificationParams["reward_paid"];
      const list = (Object.entries(amounts ?? {}) as [Coin, string][])
        .sort(([a], [b]) => (a === "WLD" ? -1 : b === "WLD" ? 1 : a.localeCompare(b)))
        .map(([coin, amount]) => `${amountText(amount, locale)} ${coin}`)
        .join(", ");
      return { title: k("title"), body: k("body", { day, amounts: list }), href };
    }
    case "new_device_login": {
      const { device, ip } = p as NotificationParams["new_device_login"];
      const name = device ?? t("unknownDevice");
      // The panic button one tap away: the inbox is read signed in, so the link opens the freeze's
      // confirmation in this session (lib/account/freeze.ts explains why no token is carried).
      const action = { label: k("lock"), href: FREEZE_FROM_NOTIFICATION };
      const body = ip ? k("body", { device: name, ip }) : k("bodyNoIp", { device: name });
      return { title: k("title"), body, href, action };
    }
    case "account_frozen": {
      const { how } = p as NotificationParams["account_frozen"];
      return { title: k("title"), body: k(how === "NOTIFICATION" ? "NOTIFICATION" : "SETTINGS"), href };
    }
    case "account_unfrozen": {
      const { by, cooldownUntil } = p as NotificationParams["account_unfrozen"];
      const until = kstMinuteText(new Date(cooldownUntil));
      return { title: k("title"), body: k(by === "admin" ? "admin" : "self", { until }), href };
    }
    case "password_changed": {
      const { by } = p as NotificationParams["password_changed"];
      return { title: k("title"), body: k(by === "admin" ? "admin" : "self"), href };
    }
    case "two_factor_changed": {
      const { change } = p as NotificationParams["two_factor_changed"];
      return { title: k("title"), body: k(change), href };
    }
    case "wallet_reset":
      return { title: k("title"), body: k("body"), href };
    case "request_received": {
      const r = p as RequestParams;
      const values = {
        type: t(`requestTypes.${r.type}`),
        id: r.requestId,
        amount: amountText(r.amount, locale),
        coin: r.coin,
      };
      return { title: k("title", values), body: k(r.type === "DEPOSIT" ? "bodyDeposit" : "body", values), href };
    }
    case "balance_credited":
    case "balance_debited": {
      const { coin, amount, account } = p as BalanceChangeParams;
      const values = { coin, amount: amountText(amount, locale), account: t(`accounts.${account}`) };
      return { title: k("title"), body: k("body", values), href };
    }
    case "rate_changed": {
      const { coin, before, after } = p as NotificationParams["rate_changed"];
      const rate = (v: string | null) => formatAmount(v ?? "0", 4, tag(locale));
      return {
        title: k("title", { coin }),
        body: k(before === null ? "bodyNew" : "body", { coin, before: rate(before), after: rate(after) }),
        href,
      };
    }
    case "inquiry_answered": {
      const { inquiryId } = p as NotificationParams["inquiry_answered"];
      const id = Number(inquiryId);
      return {
        title: k("title"),
        body: k("body", { id }),
        href: Number.isSafeInteger(id) && id > 0 ? `/support/view?id=${id}` : href,
      };
    }
    default:
      return { title: t("title"), body: "", href };
  }
}

function toDto(row: Row, locale: Locale, t: T): NotificationDto {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    ...renderNotification(row, locale, t),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * The bell counts at most this many unread notifications: past 99 its badge reads "99+", so the count stops there
 * and /home costs the same for a member with years of unread rewards as for a new one (docs/benchmarks.md,
 * bench/home-history.ts). The inbox (/notifications) still gives the exact number.
 */
export const UNREAD_CAP = 100;

/**
 * The bell's count on every member page: built once, sent straight to the driver (db/statement.ts). The LIMIT
 * inside makes it read at most UNREAD_CAP entries of the unread index (notifications_user_unread_idx).
 */
const unreadRows = statement<{ userId: number }, { n: number }>(
  (v) => sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${notifications}
    WHERE ${notifications.userId} = ${v.userId} AND ${notifications.readAt} IS NULL LIMIT ${sql.raw(String(UNREAD_CAP))}) u`,
);

/** How many of the member's notifications are unread (the bell's count), at most UNREAD_CAP. */
export async function unreadCount(userId: number): Promise<number> {
  const [c] = await unreadRows({ userId });
  return Number(c?.n ?? 0);
}

/** One page of the member's notifications, newest first, with the total and the unread count. */
export async function inboxPage(
  userId: number,
  q: { page: number; limit: number },
  locale: Locale,
): Promise<InboxPage> {
  const db = await getDb();
  const mine = eq(notifications.userId, userId);
  const [rows, [c]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        params: notifications.params,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ total: count(), unread: sql<number>`count(*) FILTER (WHERE ${notifications.readAt} IS NULL)` })
      .from(notifications)
      .where(mine),
  ]);
  const t = translator(locale, "Notifications");
  return {
    items: rows.map((r) => toDto(r, locale, t)),
    total: Number(c?.total ?? 0),
    unread: Number(c?.unread ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Marks one of the member's own notifications read (again is fine); another's or none → 404. Answers the bell's
 * new count (at most UNREAD_CAP).
 */
export async function markRead(userId: number, id: number): Promise<{ id: number; readAt: string; unread: number }> {
  const db = await getDb();
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`COALESCE(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id, readAt: notifications.readAt });
  if (!row?.readAt) throw new AppError("NOT_FOUND");
  return { id: row.id, readAt: row.readAt.toISOString(), unread: await unreadCount(userId) };
}

/** Marks every unread notification of the member read; answers how many. */
export async function markAllRead(userId: number): Promise<{ marked: number; unread: 0 }> {
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length, unread: 0 };
}
