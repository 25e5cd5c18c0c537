/**
 * Writing notices (공지사항), for the admin console (app/api/admin/notices) and for other features that announce
 * something themselves (maintenance pauses). Both run inside the caller's transaction and write
 * no audit row: the caller audits its own action (NOTICE_* for the console, the pause's own action otherwise).
 * A notice is never deleted: retiring sets published_until, so it leaves the members' list and the record stays.
 */
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { notices } from "@/db/schema";
import { now } from "@/lib/clock";
import type { NoticeCategory } from "./dto";

export type { NoticeCategory } from "./dto";

export type PublishNoticeInput = {
  category: NoticeCategory;
  titleKo: string;
  titleEn: string;
  bodyKo: string;
  bodyEn: string;
  pinned?: boolean;
  /** Default: now. */
  publishedFrom?: Date;
  /** null or absent: until withdrawn. */
  publishedUntil?: Date | null;
  /** The administrator, or null for a notice the system writes (e.g. a maintenance pause). */
  createdBy: number | null;
};

export async function publishNotice(tx: DbOrTx, input: PublishNoticeInput): Promise<{ id: number }> {
  const at = now();
  const [row] = await tx
    .insert(notices)
    .values({
      category: input.category,
      titleKo: input.titleKo,
      titleEn: input.titleEn,
      bodyKo: input.bodyKo,
      bodyEn: input.bodyEn,
      pinned: input.pinned ?? false,
      publishedFrom: input.publishedFrom ?? at,
      publishedUntil: input.publishedUntil ?? null,
      createdBy: input.createdBy,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: notices.id });
  if (!row) throw new Error("notice insert returned no row");
  return { id: row.id };
}

/**
 * Withdraws a notice at `at` (default now): published_until becomes `at` (or published_from, for a notice not yet
 * published, so the window stays valid). A notice already ended earlier is left as it is. No error for an unknown id.
 */
export async function retireNotice(tx: DbOrTx, id: number, at?: Date): Promise<void> {
  const when = at ?? now();
  const [row] = await tx
    .select({ from: notices.publishedFrom })
    .from(notices)
    .where(and(eq(notices.id, id), or(isNull(notices.publishedUntil), gt(notices.publishedUntil, when))))
    .limit(1);
  if (!row) return;
  const until = row.from.getTime() > when.getTime() ? row.from : when;
  await tx.update(notices).set({ publishedUntil: until, updatedAt: when }).where(eq(notices.id, id));
}
