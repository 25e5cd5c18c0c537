/**
 * What the issue-27 request tests share: a transfer request in a language, the transfer screen's status, and a
 * personal wallet's proof as its signature's verification stores it (the signing flow has tests of its own).
 */
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import * as route from "@/app/api/transfer-requests/route";
import * as statusRoute from "@/app/api/users/[userId]/withdraw-status/route";
import { call } from "../support/http";
import type { TestUser } from "./users";

/** POST /api/transfer-requests as the member, the answer's messages in `locale`. */
export const askTransfer = (u: TestUser, body: unknown, locale = "ko") =>
  call(route, "POST", "/api/transfer-requests", { body, cookie: `${u.cookie}; NEXT_LOCALE=${locale}` });

/** GET /api/users/{userId}/withdraw-status as the member. */
export const withdrawStatusOf = (u: TestUser) =>
  call(statusRoute, "GET", `/api/users/${u.userId}/withdraw-status`, {
    cookie: u.cookie,
    params: { userId: u.userId },
  });

/** A signature's proof of `address` for the member, as the personal-wallet verification stores it. */
export async function provePersonalWallet(userId: number, address: string) {
  const db = await getDb();
  const nonce = `n-${userId}-${address.slice(2, 10)}`;
  await db.execute(sql`
    INSERT INTO address_challenges (nonce, user_id, network, address, message, issued_at, expires_at, used_at)
    VALUES (${nonce}, ${userId}, 'OP', ${address.toLowerCase()}, 'signed', now(), now(), now())`);
  await db.execute(sql`
    INSERT INTO personal_wallets (user_id, address, nonce, signature, verified_at)
    VALUES (${userId}, ${address.toLowerCase()}, ${nonce}, '0xsig', now())`);
}
