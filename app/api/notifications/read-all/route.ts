// POST /api/notifications/read-all — marks every unread notification of the caller read: { marked, unread: 0 }.
import { withUser } from "@/lib/api/with-auth";
import { markAllRead } from "@/lib/notifications/inbox";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ user }) => markAllRead(user.id));
