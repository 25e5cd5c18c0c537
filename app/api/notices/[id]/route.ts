// GET /api/notices/{id} — one published notice in the caller's language, marked read for them:
// { id, category, title, body (markdown), pinned, publishedFrom, unread (before this opening) }.
// Scheduled, ended, withdrawn or unknown → 404 NOT_FOUND.
import { withUser } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { openNotice } from "@/lib/notices/read";

export const dynamic = "force-dynamic";

export const GET = withUser<{ id: string }>(async ({ params, user, locale }) => {
  if (!/^\d{1,9}$/.test(params.id)) throw new AppError("NOT_FOUND");
  return openNotice(user.id, Number(params.id), locale);
});
