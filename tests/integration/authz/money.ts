/** Authorization matrix rows for the member-money routes. */
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { credit, move } from "@/lib/ledger";
import { D } from "@/lib/money";
import { createTransferRequest } from "@/lib/wallet/requests";
import {
  ADMIN_ONLY,
  ALLOWED,
  ANY_MEMBER,
  type AuthzCtx,
  type AuthzRow,
  FINANCE,
  MEMBER_OWN,
  PUBLIC,
  STAFF_READ,
} from "./types";

const own = ({ self }: AuthzCtx) => ({ userId: self.userId });
const adminUser = ({ self }: AuthzCtx) => ({ id: String(self.id) });

/** Gives `self` a PENDING transfer request (ID approved, OP wallet, 20 WLD staked) and stores its id. */
export async function pendingRequest(ctx: AuthzCtx) {
  const db = await getDb();
  await db
    .update(users)
    .set({ idStatus: "APPROVED", walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7" })
    .where(eq(users.id, ctx.self.id));
  await credit(db, { userId: ctx.self.id, coin: "WLD", amount: "20" });
  await move(db, { userId: ctx.self.id, coin: "WLD", amount: "20", from: "holding", to: "staked" });
  const req = await db.transaction((tx) =>
    createTransferRequest(tx, {
      userId: ctx.self.id,
      type: "TRANSFER",
      coin: "WLD",
      amount: new D("5"),
      priceKrw: "2800",
    }),
  );
  ctx.data.requestId = String(req.id);
}
export const requestParam = ({ data }: AuthzCtx) => ({ id: String(data.requestId) });

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/users/by-id/[userId]", params: own, expect: { ...MEMBER_OWN, ...STAFF_READ } },
  { method: "GET", path: "/api/users/by-id/[userId]/certID", params: own, expect: { ...MEMBER_OWN, ...STAFF_READ } },
  { method: "GET", path: "/api/users/[userId]", params: own, expect: { ...MEMBER_OWN, ...STAFF_READ } },
  { method: "GET", path: "/api/users/by-id/[userId]/coins", params: own, expect: { ...MEMBER_OWN, ...STAFF_READ } },
  { method: "GET", path: "/api/users/coins/[userId]", params: own, expect: { ...MEMBER_OWN, ...STAFF_READ } },
  { method: "POST", path: "/api/users/[userId]/swap", params: own, body: {}, expect: MEMBER_OWN },
  {
    method: "POST",
    path: "/api/users/by-id/[userId]/walletAddr",
    params: own,
    body: {},
    expect: { guest: 401, self: ALLOWED, other: 403, admin: 403, superadmin: 403 },
    note: "administrators may only reset an address, never set one",
  },
  {
    method: "DELETE",
    path: "/api/users/by-id/[userId]/walletAddr",
    params: own,
    expect: ADMIN_ONLY,
    note: "reset is for administrators only",
  },
  { method: "POST", path: "/api/users/by-id/[userId]/referrer", params: own, body: {}, expect: MEMBER_OWN },
  { method: "PATCH", path: "/api/users/by-id/[userId]/refcode", params: own, body: {}, expect: MEMBER_OWN },
  {
    method: "GET",
    path: "/api/transactions/by-id/[userId]",
    params: own,
    query: "page=1&limit=10",
    expect: { ...MEMBER_OWN, ...STAFF_READ },
  },
  {
    method: "POST",
    path: "/api/transfer-requests",
    body: {},
    expect: ANY_MEMBER,
    note: "always the caller's own request",
  },
  { method: "GET", path: "/api/transfer-requests", expect: ANY_MEMBER, note: "the caller's own list" },
  {
    method: "GET",
    path: "/api/transfer-requests/check-duplicate",
    query: ({ self }) => `userId=${self.userId}&coinSymbol=WLD&type=TRANSFER`,
    expect: { guest: 401, self: ALLOWED, other: 403, admin: 403, superadmin: 403 },
    note: "a userId other than the caller's own is refused",
  },
  {
    method: "DELETE",
    path: "/api/transfer-requests/[id]",
    prepare: pendingRequest,
    params: requestParam,
    expect: { guest: 401, other: 404, self: ALLOWED, admin: 404, superadmin: 404 },
    note: "only the owner cancels; admins reject through /api/admin/requests",
  },
  {
    method: "GET",
    path: "/api/transfer-requests/[id]/timeline",
    prepare: pendingRequest,
    params: requestParam,
    expect: { guest: 401, other: 404, self: ALLOWED, admin: ALLOWED, superadmin: ALLOWED, ...STAFF_READ },
  },
  { method: "POST", path: "/api/requests/deposit", body: {}, expect: ANY_MEMBER, note: "the caller's own request" },
  { method: "GET", path: "/api/admin/requests", expect: { ...ADMIN_ONLY, ...FINANCE } },
  {
    method: "PATCH",
    path: "/api/admin/requests/[id]",
    params: () => ({ id: "999999999" }),
    body: {},
    expect: { ...ADMIN_ONLY, ...FINANCE },
  },
  { method: "PATCH", path: "/api/admin/users/[id]/coin", params: adminUser, body: {}, expect: ADMIN_ONLY },
  { method: "PATCH", path: "/api/admin/users/[id]/coinunhist", params: adminUser, body: {}, expect: ADMIN_ONLY },
  {
    method: "GET",
    path: "/api/admin/users/[id]/transactions",
    params: adminUser,
    expect: { ...ADMIN_ONLY, ...STAFF_READ },
  },
  {
    method: "DELETE",
    path: "/api/admin/transactions/[id]",
    params: () => ({ id: "999999999" }),
    expect: ADMIN_ONLY,
  },
  { method: "GET", path: "/api/exchanges", expect: PUBLIC },
  { method: "GET", path: "/api/config", expect: PUBLIC },
];
