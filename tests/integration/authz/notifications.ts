/**
 * The member's inbox and CSV exports: a member's own only. Another member's
 * notification id is 404 to everyone else (administrators included); the exports are self only.
 */
import { getDb } from "@/db/client";
import { notify } from "@/lib/notifications";
import { notifications } from "@/db/schema";
import { eq } from "drizzle-orm";
import { ALLOWED, ANY_MEMBER, type AuthzRow, type Expectation, type Who } from "./types";

const SELF_ONLY: Record<Who, Expectation> = { guest: 401, self: ALLOWED, other: 403, admin: 403, superadmin: 403 };

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/notifications", expect: ANY_MEMBER },
  { method: "GET", path: "/api/notifications/unread-count", expect: ANY_MEMBER },
  { method: "POST", path: "/api/notifications/read-all", expect: ANY_MEMBER },
  {
    method: "POST",
    path: "/api/notifications/[id]/read",
    note: "self's own notification: only self can mark it",
    prepare: async (ctx) => {
      const db = await getDb();
      await notify(db, ctx.self.id, "wallet_reset", {});
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, ctx.self.id));
      ctx.data.id = row!.id;
    },
    params: (ctx) => ({ id: String(ctx.data.id) }),
    expect: { guest: 401, other: 404, self: 200, admin: 404, superadmin: 404 },
  },
  {
    method: "GET",
    path: "/api/users/[userId]/export/transactions.csv",
    params: ({ self }) => ({ userId: self.userId }),
    expect: SELF_ONLY,
  },
  {
    method: "GET",
    path: "/api/users/[userId]/export/rewards.csv",
    params: ({ self }) => ({ userId: self.userId }),
    expect: SELF_ONLY,
  },
];
