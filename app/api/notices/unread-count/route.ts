// GET /api/notices/unread-count — { unread }: the published notices the caller has not opened.
import { withUser } from "@/lib/api/with-auth";
import { unreadNoticeCount } from "@/lib/notices/read";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => ({ unread: await unreadNoticeCount(user.id) }));
