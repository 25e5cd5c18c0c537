/**
 * Reading notices as a member (GET /api/notices, /api/notices/{id}, /api/notices/unread-count): only those
 * published now (published_from ≤ now < published_until, or no end), pinned first then newest, in the reader's
 * language (English empty → Korean). Opening one marks it read for that member; an unpublished or unknown id is
 * 404 NOT_FOUND, the same answer for both, so a scheduled notice cannot be read early.
 */
import "server-only";
import { and, count, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { noticeReads, notices } from "@/db/schema";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import type { NoticeCategory, NoticeDetail, NoticeListItem, NoticeListPage } from "./dto";

/** The publication window holds `at`. */
export const publishedAt = (at: Date) =>
  and(lte(notices.publishedFrom, at), or(isNull(notices.publishedUntil), gt(notices.publishedUntil, at)));

/** Read by this member: a correlated EXISTS on the (user_id, notice_id) primary key. */
const readBy = (userId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${noticeReads} WHERE ${noticeReads.userId} = ${userId} AND ${noticeReads.noticeId} = ${notices.id})`;

const columns = (userId: number) => ({
  id: notices.id,
  category: notices.category,
  titleKo: notices.titleKo,
  titleEn: notices.titleEn,
  pinned: notices.pinned,
  publishedFrom: notices.publishedFrom,
  read: readBy(userId),
});

type Row = {
  id: number;
  category: string;
  titleKo: string;
  titleEn: string;
  pinned: boolean;
  publishedFrom: Date;
  read: boolean;
};

/** English text when there is some, else the Korean (the source language). */
export const inLanguage = (ko: string, en: string, locale: Locale) => (locale === "en" && en.trim() ? en : ko);

function toItem(row: Row, locale: Locale): NoticeListItem {
  return {
    id: row.id,
    category: row.category as NoticeCategory,
    title: inLanguage(row.titleKo, row.titleEn, locale),
    pinned: row.pinned,
    publishedFrom: row.publishedFrom.toISOString(),
    // PGlite and postgres.js both answer a boolean; a driver answering "t"/"f" would still read right
    unread: !(row.read === true || (row.read as unknown) === "t"),
  };
}

/** One page of the published notices, pinned first then newest, with the total and the member's unread count. */
export async function noticePage(
  userId: number,
  q: { page: number; limit: number },
  locale: Locale,
): Promise<NoticeListPage> {
  const db = await getDb();
  const live = publishedAt(now());
  const [rows, [c]] = await Promise.all([
    db
      .select(columns(userId))
      .from(notices)
      .where(live)
      .orderBy(desc(notices.pinned), desc(notices.publishedFrom), desc(notices.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ total: count(), unread: sql<number>`count(*) FILTER (WHERE NOT ${readBy(userId)})` })
      .from(notices)
      .where(live),
  ]);
  return {
    items: rows.map((r) => toItem(r, locale)),
    total: Number(c?.total ?? 0),
    unread: Number(c?.unread ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** How many published notices this member has not opened. */
export async function unreadNoticeCount(userId: number): Promise<number> {
  const db = await getDb();
  const [c] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(publishedAt(now()), sql`NOT ${readBy(userId)}`));
  return Number(c?.n ?? 0);
}

/**
 * One published notice for this member, marked read by them (once; the first read time stays). `unread` says
 * whether it was unread before this opening. Not published now (scheduled, ended, withdrawn) or unknown → 404.
 */
export async function openNotice(userId: number, id: number, locale: Locale, db?: DbOrTx): Promise<NoticeDetail> {
  const conn = db ?? (await getDb());
  const at = now();
  const [row] = await conn
    .select({ ...columns(userId), bodyKo: notices.bodyKo, bodyEn: notices.bodyEn })
    .from(notices)
    .where(and(eq(notices.id, id), publishedAt(at)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  if (!row.read) await conn.insert(noticeReads).values({ userId, noticeId: id, readAt: at }).onConflictDoNothing();
  return { ...toItem(row, locale), body: inLanguage(row.bodyKo, row.bodyEn, locale) };
}
