/** Login devices: a member's own sessions only; another member's handle is 404. */
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { sessionHandle } from "@/lib/auth/devices";
import { ANY_MEMBER, type AuthzRow } from "./types";

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/sessions", expect: ANY_MEMBER },
  { method: "POST", path: "/api/sessions/end-others", expect: ANY_MEMBER },
  {
    method: "DELETE",
    path: "/api/sessions/[handle]",
    note: "self's own session: only self can end it",
    prepare: async (ctx) => {
      const db = await getDb();
      const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ctx.self.id));
      ctx.data.handle = sessionHandle(row!.id);
    },
    params: (ctx) => ({ handle: String(ctx.data.handle) }),
    expect: { guest: 401, other: 404, self: 200, admin: 404, superadmin: 404 },
  },
];
