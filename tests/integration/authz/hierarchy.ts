/**
 * Authorization matrix rows for the target rules (SECURITY H33/H34): every route that acts on or reads
 * one member is run against
 * - "ADMIN on a SUPERADMIN": the target is another SUPERADMIN — an ADMIN is refused (403) on every such route,
 *   reads included; a SUPERADMIN may act on a fellow SUPERADMIN;
 * - "self-action": the target is the calling ADMIN's (or SUPERADMIN's) own account — every change is refused
 *   (403 SELF_ACTION); reads, and a member's own calls under /api/users/{userId}, stay allowed.
 * The staff roles (SUPPORT, FINANCE, COMPLIANCE) are refused on every one of these rows, reads included:
 * no staff role touches an ADMIN's or a SUPERADMIN's account (the rows' `other` expectation, which they inherit).
 * A FINANCE member deciding their own request, or an ADMIN's, is refused too (the rows at the end).
 * Bodies are empty or invalid, so an allowed caller stops at validation (400/409) and nothing changes.
 */
import { getDb } from "@/db/client";
import { credit } from "@/lib/ledger";
import { createUser } from "../../factories/users";
import { ALLOWED, type AuthzCtx, type AuthzRow, type Expectation, type Method, STAFF_REFUSED, type Who } from "./types";

type Kind =
  /** /api/admin/users/{id}/… changes, ADMIN or SUPERADMIN */
  | "admin-write"
  /** /api/admin/users/{id}/… changes, SUPERADMIN only */
  | "superadmin-write"
  /** /api/admin/users/{id}/… reads */
  | "admin-read"
  /** /api/users/{userId}/… calls: the member themself, or an administrator under the target rules */
  | "self-or-admin";

const BY_ID: [Method, string, Kind][] = [
  ["PATCH", "/api/admin/users/[id]/coin", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/coinunhist", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/interest", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/staking", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/staking-rate", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/approve-id", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/reject-id", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/phone", "admin-write"],
  ["DELETE", "/api/admin/users/[id]", "admin-write"],
  ["PATCH", "/api/admin/users/[id]/toggle-role", "superadmin-write"],
  ["PATCH", "/api/admin/users/[id]/ref-code", "superadmin-write"],
  ["PATCH", "/api/admin/users/[id]/password-reset", "superadmin-write"],
  ["GET", "/api/admin/users/[id]/staking", "admin-read"],
  ["GET", "/api/admin/users/[id]/staking-profit", "admin-read"],
  ["GET", "/api/admin/users/[id]/id-document", "admin-read"],
  ["GET", "/api/admin/users/[id]/transactions", "admin-read"],
];

const BY_HANDLE: [Method, string, Kind | "admin-write"][] = [
  ["GET", "/api/users/by-id/[userId]", "self-or-admin"],
  ["GET", "/api/users/by-id/[userId]/certID", "self-or-admin"],
  ["GET", "/api/users/by-id/[userId]/coins", "self-or-admin"],
  ["GET", "/api/users/coins/[userId]", "self-or-admin"],
  ["GET", "/api/users/[userId]", "self-or-admin"],
  ["GET", "/api/users/[userId]/staked-coins", "self-or-admin"],
  ["GET", "/api/users/[userId]/staking-history", "self-or-admin"],
  ["GET", "/api/users/[userId]/id-document", "self-or-admin"],
  ["GET", "/api/users/[userId]/id-image", "self-or-admin"],
  ["GET", "/api/transactions/by-id/[userId]", "self-or-admin"],
  ["POST", "/api/users/[userId]/swap", "self-or-admin"],
  ["PATCH", "/api/users/by-id/[userId]/refcode", "self-or-admin"],
  ["POST", "/api/users/by-id/[userId]/referrer", "self-or-admin"],
  ["DELETE", "/api/users/by-id/[userId]/walletAddr", "admin-write"],
];

const refused = { guest: 401, self: 403, other: 403 } as const;
const ALLOWED_OR_404: Expectation = [200, 201, 400, 404, 409];

/** A second SUPERADMIN for the target, so that the calling SUPERADMIN is not acting on itself. */
async function anotherSuperadmin(ctx: AuthzCtx) {
  ctx.data.sa2 = await createUser({ role: "SUPERADMIN" });
}
const sa2 = (ctx: AuthzCtx) => ctx.data.sa2 as { id: number; userId: string };

/** The calling SUPERADMIN may act on a fellow SUPERADMIN (it may still fail validation); an ADMIN never. */
const ON_SUPERADMIN: Record<Who, Expectation> = { ...refused, admin: 403, superadmin: ALLOWED };

function onSelf(kind: Kind | "admin-write", caller: "admin" | "superadmin"): Record<Who, Expectation> {
  const e: Record<Who, Expectation> = { ...refused, admin: ALLOWED, superadmin: ALLOWED };
  if (kind === "admin-write" || kind === "superadmin-write") e[caller] = 403; // SELF_ACTION
  if (kind === "superadmin-write") e.admin = 403; // not their permission at all
  // An ADMIN never acts on the calling SUPERADMIN either.
  if (caller === "superadmin") e.admin = 403;
  return e;
}

/** A SUPERADMIN account is demoted before it can be deactivated (lib/kyc/deactivate.ts), by anyone. */
const ON_SUPERADMIN_DEACTIVATE: Record<Who, Expectation> = { ...ON_SUPERADMIN, superadmin: 403 };

const rowsFor = (method: Method, path: string, kind: Kind | "admin-write", param: "id" | "userId"): AuthzRow[] => {
  const key = (u: { id: number; userId: string }) => ({ [param]: param === "id" ? String(u.id) : u.userId });
  const body = method === "GET" || method === "DELETE" ? undefined : {};
  return [
    {
      method,
      path,
      note: "ADMIN on a SUPERADMIN",
      prepare: anotherSuperadmin,
      params: (ctx) => key(sa2(ctx)),
      body,
      expect: method === "DELETE" && path === "/api/admin/users/[id]" ? ON_SUPERADMIN_DEACTIVATE : ON_SUPERADMIN,
    },
    {
      method,
      path,
      note: "self-action (ADMIN)",
      params: ({ admin }) => key(admin),
      body,
      expect: onSelf(kind, "admin"),
    },
    {
      method,
      path,
      note: "self-action (SUPERADMIN)",
      params: ({ superadmin }) => key(superadmin),
      body,
      expect: onSelf(kind, "superadmin"),
    },
  ];
};

/** A PENDING deposit request of `userId`; its id goes to ctx.data.requestId. */
async function requestOf(ctx: AuthzCtx, userId: number) {
  const { createDepositRequestRow } = await import("../../factories/money");
  ctx.data.requestId = String(await createDepositRequestRow(userId));
}

/** A visible history row of `userId`; its id goes to ctx.data.txId. */
async function historyRowOf(ctx: AuthzCtx, userId: number) {
  const db = await getDb();
  await credit(db, {
    userId,
    coin: "WLD",
    amount: "1",
    memberTx: [{ userId, type: "DEPOSIT", coinSymbol: "WLD", amount: "1" }],
  });
  const { latestTransactionId } = await import("../../factories/money");
  ctx.data.txId = String(await latestTransactionId(userId));
}

const byRequest = ({ data }: AuthzCtx) => ({ id: String(data.requestId) });
const byTx = ({ data }: AuthzCtx) => ({ id: String(data.txId) });

export const rows: AuthzRow[] = [
  ...BY_ID.flatMap(([m, p, k]) => rowsFor(m, p, k, "id")),
  ...BY_HANDLE.flatMap(([m, p, k]) => rowsFor(m, p, k, "userId")),
  // Routes keyed by a request or a history row act on the member who owns it.
  {
    method: "PATCH",
    path: "/api/admin/requests/[id]",
    note: "ADMIN on a SUPERADMIN's request",
    prepare: async (ctx) => {
      await anotherSuperadmin(ctx);
      await requestOf(ctx, sa2(ctx).id);
    },
    params: byRequest,
    body: {},
    expect: { ...refused, admin: 403, superadmin: 400 },
  },
  {
    method: "PATCH",
    path: "/api/admin/requests/[id]",
    note: "self-action: an ADMIN deciding their own request",
    prepare: (ctx) => requestOf(ctx, ctx.admin.id),
    params: byRequest,
    body: {},
    expect: { ...refused, admin: 403, superadmin: 400 },
  },
  {
    method: "DELETE",
    path: "/api/admin/transactions/[id]",
    note: "ADMIN on a SUPERADMIN's history",
    prepare: async (ctx) => {
      await anotherSuperadmin(ctx);
      await historyRowOf(ctx, sa2(ctx).id);
    },
    params: byTx,
    expect: { ...refused, admin: 403, superadmin: ALLOWED },
  },
  {
    method: "DELETE",
    path: "/api/admin/transactions/[id]",
    note: "self-action: an ADMIN hiding their own history",
    prepare: (ctx) => historyRowOf(ctx, ctx.admin.id),
    params: byTx,
    expect: { ...refused, admin: 403, superadmin: ALLOWED },
  },
  {
    method: "GET",
    path: "/api/transfer-requests/[id]/timeline",
    note: "ADMIN on a SUPERADMIN's request",
    prepare: async (ctx) => {
      await anotherSuperadmin(ctx);
      await requestOf(ctx, sa2(ctx).id);
    },
    params: byRequest,
    expect: { guest: 401, self: 404, other: 404, admin: 403, superadmin: ALLOWED_OR_404, ...STAFF_REFUSED(403) },
  },
  {
    method: "PATCH",
    path: "/api/admin/requests/[id]",
    note: "self-action: FINANCE deciding their own request",
    prepare: (ctx) => requestOf(ctx, ctx.finance.id),
    params: byRequest,
    body: {},
    expect: { ...refused, admin: 400, superadmin: 400 },
  },
  {
    method: "PATCH",
    path: "/api/admin/requests/[id]",
    note: "FINANCE on an ADMIN's request",
    prepare: async (ctx) => {
      const admin2 = await createUser({ role: "ADMIN" });
      await requestOf(ctx, admin2.id);
    },
    params: byRequest,
    body: {},
    expect: { ...refused, admin: 400, superadmin: 400 },
  },
];
