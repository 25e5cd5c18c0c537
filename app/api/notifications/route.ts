// GET /api/notifications?page&limit — the caller's own notifications, newest first, rendered in their language:
// { items: [{ id, kind, title, body, href, createdAt, readAt }], total, unread, page, limit }. limit 1–50 (default 20).
import { withUser } from "@/lib/api/with-auth";
import { inboxPage } from "@/lib/notifications/inbox";
import { notificationPageSchema } from "@/lib/validation/notifications";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ req, user, locale }) =>
  inboxPage(user.id, readQuery(req, notificationPageSchema), locale),
);
