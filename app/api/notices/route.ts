// GET /api/notices?page&limit — the notices published now (공지사항), pinned first then newest, in the caller's
// language: { items: [{ id, category, title, pinned, publishedFrom, unread }], total, unread, page, limit }.
// limit 1–50 (default 20).
import { withUser } from "@/lib/api/with-auth";
import { noticePage } from "@/lib/notices/read";
import { noticePageSchema } from "@/lib/validation/notices";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ req, user, locale }) =>
  noticePage(user.id, readQuery(req, noticePageSchema), locale),
);
