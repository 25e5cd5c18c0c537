/** Authorization matrix rows for four-eyes approval and reconciliation. */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { ADMIN_ONLY, ALLOWED, type AuthzCtx, type AuthzRow, FINANCE, PUBLIC, SUPERADMIN_ONLY } from "./types";

/** A pending proposal by the row's ADMIN on the row's member (`self`): that ADMIN may not approve it. */
async function proposalByAdmin(ctx: AuthzCtx) {
  const db = await getDb();
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, created_at, expires_at)
      VALUES ('coin', ${ctx.self.id}, '{"symbol":"WLD","amount":"1500","action":"DEPOSIT"}'::jsonb, 'authz',
        ${ctx.admin.id}, now(), now() + interval '72 hours')
      RETURNING id::text AS id`),
  );
  ctx.data.id = row!.id;
}

/** A pending grant of SUPPORT to `self`, proposed by a second SUPERADMIN (so the row's SUPERADMIN may decide it). */
async function roleProposal(ctx: AuthzCtx) {
  const { createUser } = await import("../../factories/users");
  const proposer = await createUser({ role: "SUPERADMIN" });
  const db = await getDb();
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, created_at, expires_at)
      VALUES ('role', ${ctx.self.id}, '{"role":"SUPPORT","before":"USER"}'::jsonb, 'authz',
        ${proposer.id}, now(), now() + interval '72 hours')
      RETURNING id::text AS id`),
  );
  ctx.data.id = row!.id;
}

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/admin/proposals", query: "status=PENDING", expect: { ...ADMIN_ONLY, ...FINANCE } },
  {
    method: "POST",
    path: "/api/admin/proposals/[id]/approve",
    params: () => ({ id: "999999999" }),
    expect: { ...ADMIN_ONLY, ...FINANCE },
    note: "unknown proposal: 404 after authorization",
  },
  {
    method: "POST",
    path: "/api/admin/proposals/[id]/approve",
    prepare: proposalByAdmin,
    params: ({ data }) => ({ id: String(data.id) }),
    expect: { guest: 401, self: 403, other: 403, finance: ALLOWED, admin: 403, superadmin: ALLOWED },
    note: "the proposer is refused (SELF_APPROVAL); FINANCE approves a money proposal (the SUPERADMIN then finds it decided)",
  },
  {
    method: "POST",
    path: "/api/admin/proposals/[id]/approve",
    prepare: roleProposal,
    params: ({ data }) => ({ id: String(data.id) }),
    expect: SUPERADMIN_ONLY,
    note: "a role proposal (SUPPORT): FINANCE decides money proposals only; a SUPERADMIN other than the proposer approves",
  },
  {
    method: "POST",
    path: "/api/admin/proposals/[id]/reject",
    prepare: roleProposal,
    params: ({ data }) => ({ id: String(data.id) }),
    body: { note: "x" },
    expect: SUPERADMIN_ONLY,
    note: "a role proposal: nor does FINANCE reject one",
  },
  {
    method: "POST",
    path: "/api/admin/proposals/[id]/reject",
    params: () => ({ id: "999999999" }),
    body: { note: "x" },
    expect: { ...ADMIN_ONLY, ...FINANCE },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/withdraw-limit",
    params: ({ self }) => ({ id: String(self.id) }),
    body: { limitKrw: "x" },
    expect: SUPERADMIN_ONLY,
    note: "a malformed limit: 400 after authorization",
  },
  { method: "GET", path: "/api/admin/reconciliation", expect: { ...ADMIN_ONLY, ...FINANCE } },
  {
    method: "GET",
    path: "/api/health",
    query: "deep=1",
    expect: PUBLIC,
    note: "deep=1: the reconciliation for an administrator, the plain answer for anyone else",
  },
];
