// GET /api/notifications/unread-count — the bell's figure: { unread } (the caller's own unread notifications, at
// most 100: the bell shows "99+" past 99; lib/notifications/inbox.ts UNREAD_CAP).
import { withUser } from "@/lib/api/with-auth";
import { unreadCount } from "@/lib/notifications/inbox";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => ({ unread: await unreadCount(user.id) }));
