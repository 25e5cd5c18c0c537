/**
 * Authorization matrix rows for the price routes: public reads, 200 for everyone (guests included).
 * The matrix database has no prices of its own and the feeds are unreachable, so each row seeds the
 * demo price history first (the routes then serve it, marked stale).
 */
import { getDb } from "@/db/client";
import { priceSnapshots } from "@/db/schema";
import { seedPriceHistory } from "@/lib/seed";
import type { AuthzRow } from "./types";

const seedPrices = async () => {
  const db = await getDb();
  await db.insert(priceSnapshots).values(seedPriceHistory(new Date())).onConflictDoNothing();
};

const ALL_200 = { guest: 200, self: 200, other: 200, admin: 200, superadmin: 200 } as const;

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/price/WLD", expect: ALL_200, prepare: seedPrices },
  { method: "GET", path: "/api/prices", expect: ALL_200, prepare: seedPrices },
  { method: "GET", path: "/api/price/WLD/chart", query: "range=1w", expect: ALL_200, prepare: seedPrices },
];
