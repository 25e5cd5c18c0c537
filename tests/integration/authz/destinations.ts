/** The destinations console (lib/destinations): ADMIN and SUPERADMIN read and change; members and guests never. */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { ADMIN_ONLY, type AuthzCtx, type AuthzRow } from "./types";

/** A seeded destination (blocked Bitfinex): a body that fails validation after the guard changes nothing. */
async function seeded(ctx: AuthzCtx) {
  const db = await getDb();
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM destinations WHERE name = 'Bitfinex'`));
  ctx.data.id = String(row!.id);
}

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/admin/destinations", expect: ADMIN_ONLY },
  // Fails validation after the guard (no name): nothing is added.
  { method: "POST", path: "/api/admin/destinations", body: {}, expect: { ...ADMIN_ONLY, admin: 400, superadmin: 400 } },
  {
    method: "PATCH",
    path: "/api/admin/destinations/[id]",
    prepare: seeded,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    body: {},
    expect: { ...ADMIN_ONLY, admin: 400, superadmin: 400 },
  },
  {
    method: "PATCH",
    path: "/api/admin/destinations/[id]",
    params: () => ({ id: "999999" }),
    body: { status: "BLOCKED" },
    expect: { ...ADMIN_ONLY, admin: 404, superadmin: 404 },
    note: "unknown id",
  },
];
