/**
 * The console's notices (app/api/admin/notices, permission notices.manage): every notice whatever its window,
 * newest written first; writing, changing and withdrawing one, each audited in the same transaction
 * (notice.create / notice.update / notice.retire, before → after of the fields that changed). Nothing is ever
 * deleted: withdrawing ends the window now (lib/notices/publish.ts retireNotice).
 */
import "server-only";
import { and, count, desc, eq, gt, isNotNull, lte, type SQL } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { getDb } from "@/db/client";
import { notices } from "@/db/schema";
import { audit } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import type { CreateNoticeInput, UpdateNoticeInput } from "@/lib/validation/notices";
import type { AdminNotice, AdminNoticePage, NoticeCategory } from "./dto";
import { publishNotice, retireNotice } from "./publish";
import { publishedAt } from "./read";

export type NoticeActor = { id: number; ip: string; requestId: string };

type NoticeRow = typeof notices.$inferSelect;

function stateOf(row: Pick<NoticeRow, "publishedFrom" | "publishedUntil">, at: Date): AdminNotice["state"] {
  if (row.publishedFrom.getTime() > at.getTime()) return "scheduled";
  if (row.publishedUntil && row.publishedUntil.getTime() <= at.getTime()) return "ended";
  return "live";
}

export function toAdminNotice(row: NoticeRow, at = now()): AdminNotice {
  return {
    id: row.id,
    category: row.category as NoticeCategory,
    titleKo: row.titleKo,
    titleEn: row.titleEn,
    bodyKo: row.bodyKo,
    bodyEn: row.bodyEn,
    pinned: row.pinned,
    publishedFrom: row.publishedFrom.toISOString(),
    publishedUntil: row.publishedUntil?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    state: stateOf(row, at),
  };
}

/** The audited shape of a notice: its fields, times as ISO text. */
const audited = (row: NoticeRow) => {
  const { createdAt: _c, updatedAt: _u, createdBy: _b, id: _i, ...rest } = row;
  return {
    ...rest,
    publishedFrom: row.publishedFrom.toISOString(),
    publishedUntil: row.publishedUntil?.toISOString() ?? null,
  };
};

/** One page of every notice (filter ?state), newest written first. */
export async function adminNoticePage(q: {
  page: number;
  limit: number;
  state?: AdminNotice["state"];
}): Promise<AdminNoticePage> {
  const db = await getDb();
  const at = now();
  const where: SQL | undefined =
    q.state === "live"
      ? publishedAt(at)
      : q.state === "scheduled"
        ? gt(notices.publishedFrom, at)
        : q.state === "ended"
          ? and(isNotNull(notices.publishedUntil), lte(notices.publishedUntil, at))
          : undefined;
  const [rows, [c]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  return { items: rows.map((r) => toAdminNotice(r, at)), total: Number(c?.total ?? 0), page: q.page, limit: q.limit };
}

async function lockedNotice(tx: Tx, id: number): Promise<NoticeRow> {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for("update").limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Writes a notice (201 with it), audited notice.create. */
export async function createNotice(tx: Tx, input: CreateNoticeInput, actor: NoticeActor): Promise<AdminNotice> {
  const { id } = await publishNotice(tx, { ...input, createdBy: actor.id });
  const row = await lockedNotice(tx, id);
  await audit(tx, {
    action: "notice.create",
    actorId: actor.id,
    targetId: id,
    ip: actor.ip,
    requestId: actor.requestId,
    after: audited(row),
  });
  return toAdminNotice(row);
}

/**
 * Changes a notice's fields (200 with it), audited notice.update with only the fields that changed. The window is
 * checked against the stored one: until must stay after from (400 NOTICE_INVALID_WINDOW). Unknown id → 404.
 */
export async function updateNotice(
  tx: Tx,
  id: number,
  input: UpdateNoticeInput,
  actor: NoticeActor,
): Promise<AdminNotice> {
  const before = await lockedNotice(tx, id);
  const from = input.publishedFrom ?? before.publishedFrom;
  const until = input.publishedUntil === undefined ? before.publishedUntil : input.publishedUntil;
  if (until && until.getTime() <= from.getTime())
    throw new AppError("NOTICE_INVALID_WINDOW", { field: "publishedUntil" });
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<NoticeRow>;
  const [after] = await tx
    .update(notices)
    .set({ ...set, updatedAt: now() })
    .where(eq(notices.id, id))
    .returning();
  const b = audited(before) as Record<string, unknown>;
  const a = audited(after!) as Record<string, unknown>;
  const changed = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  await audit(tx, {
    action: "notice.update",
    actorId: actor.id,
    targetId: id,
    ip: actor.ip,
    requestId: actor.requestId,
    before: Object.fromEntries(changed.map((k) => [k, b[k]])),
    after: Object.fromEntries(changed.map((k) => [k, a[k]])),
  });
  return toAdminNotice(after!);
}

/** Withdraws a notice now (200 with it; already ended: unchanged, still audited as asked). Unknown id → 404. */
export async function withdrawNotice(tx: Tx, id: number, actor: NoticeActor): Promise<AdminNotice> {
  const before = await lockedNotice(tx, id);
  await retireNotice(tx, id);
  const after = await lockedNotice(tx, id);
  await audit(tx, {
    action: "notice.retire",
    actorId: actor.id,
    targetId: id,
    ip: actor.ip,
    requestId: actor.requestId,
    before: { publishedUntil: before.publishedUntil?.toISOString() ?? null },
    after: { publishedUntil: after.publishedUntil?.toISOString() ?? null },
  });
  return toAdminNotice(after);
}
