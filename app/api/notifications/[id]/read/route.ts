// POST /api/notifications/{id}/read — marks one of the caller's own notifications read: { id, readAt, unread }.
// Another member's or an unknown id → 404 NOT_FOUND (nothing changes).
import { withUser } from "@/lib/api/with-auth";
import { markRead } from "@/lib/notifications/inbox";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const POST = withUser<{ id: string }>(async ({ params, user }) =>
  markRead(user.id, numericIdOrThrow(params.id)),
);
