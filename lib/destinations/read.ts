/**
 * Reading the destinations (the exchanges a member may send to): every row for the console, the allowed names per
 * network for GET /api/exchanges and the wallet-address screen, and the check a payout address passes when it is
 * registered (a blocked exchange → 403 DESTINATION_BLOCKED; the transfer rules refuse it again at request time).
 */
import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import { destinations, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { NETWORKS, type Network, PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { parseWalletAddrOrThrow, type WalletAddress } from "@/lib/wallet/address";
import type { DestinationDto } from "./dto";

export const destinationColumns = {
  id: destinations.id,
  name: destinations.name,
  networks: destinations.networks,
  kind: destinations.kind,
  travelRulePartner: destinations.travelRulePartner,
  status: destinations.status,
  memo: destinations.memo,
  changedAt: destinations.changedAt,
  changedById: destinations.changedBy,
  changedByHandle: users.userId,
  createdAt: destinations.createdAt,
};

type Row = {
  id: number;
  name: string;
  networks: string[];
  kind: DestinationDto["kind"];
  travelRulePartner: DestinationDto["travelRulePartner"];
  status: DestinationDto["status"];
  memo: string | null;
  changedAt: Date;
  changedById: number | null;
  changedByHandle: string | null;
  createdAt: Date;
};

type Pending = DestinationDto["pendingUnblock"];

export const toDestinationDto = (r: Row, pendingUnblock: Pending = null): DestinationDto => ({
  id: r.id,
  name: r.name,
  networks: NETWORKS.filter((n) => r.networks.includes(n)),
  kind: r.kind,
  travelRulePartner: r.travelRulePartner,
  status: r.status,
  memo: r.memo,
  changedAt: r.changedAt.toISOString(),
  changedBy: r.changedById === null ? null : { id: r.changedById, userId: r.changedByHandle ?? "" },
  createdAt: r.createdAt.toISOString(),
  pendingUnblock,
});

const selectDestinations = (db: DbOrTx) =>
  db.select(destinationColumns).from(destinations).leftJoin(users, eq(users.id, destinations.changedBy));

/** One destination by id (the console's answer after a change), or null. */
export async function destinationById(db: DbOrTx, id: number): Promise<DestinationDto | null> {
  const [row] = await selectDestinations(db).where(eq(destinations.id, id));
  return row ? toDestinationDto(row, (await pendingUnblocks(db)).get(row.id) ?? null) : null;
}

/** The destination's pending unblock proposals (not yet expired on the application clock), by destination id. */
async function pendingUnblocks(db: DbOrTx): Promise<Map<number, NonNullable<Pending>>> {
  const rows = rowsOf<{ destination_id: string; id: string; expires_at: string | Date }>(
    await db.execute(sql`
      SELECT payload->>'destinationId' AS destination_id, id::text AS id, expires_at FROM proposals
      WHERE kind = 'destination_unblock' AND status = 'PENDING' AND expires_at > ${now().toISOString()}::timestamptz
      ORDER BY id`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.destination_id),
      { proposalId: Number(r.id), expiresAt: new Date(r.expires_at).toISOString() },
    ]),
  );
}

/** GET /api/admin/destinations: every destination, the seed's order (Korean exchanges first), then newer ones. */
export async function listDestinations(): Promise<{ items: DestinationDto[]; total: number }> {
  const db = await getDb();
  const [rows, pending] = await Promise.all([
    selectDestinations(db).orderBy(asc(destinations.id)),
    pendingUnblocks(db),
  ]);
  const items = rows.map((r) => toDestinationDto(r, pending.get(r.id) ?? null));
  return { items, total: items.length };
}

/** GET /api/exchanges: the ALLOWED destinations' names per network (every network a key, maybe empty). */
export async function allowedExchanges(): Promise<Record<Network, string[]>> {
  const db = await getDb();
  const rows = await db
    .select({ name: destinations.name, networks: destinations.networks })
    .from(destinations)
    .where(eq(destinations.status, "ALLOWED"))
    .orderBy(asc(destinations.id));
  return Object.fromEntries(
    NETWORKS.map((network) => [network, rows.filter((r) => r.networks.includes(network)).map((r) => r.name)]),
  ) as Record<Network, string[]>;
}

/**
 * A payout address parsed against the destinations (lib/wallet/address.ts): its exchange must be a destination on
 * its network (else 400 INVALID_WALLET, field exchange) that is not blocked (403 DESTINATION_BLOCKED { exchange }).
 * A personal wallet (`PERSONAL`) is no destination: its own proof is asked elsewhere.
 */
export async function parsePayoutAddressOrThrow(db: DbOrTx, text: string): Promise<WalletAddress & { text: string }> {
  const rows = await db
    .select({ name: destinations.name, networks: destinations.networks, status: destinations.status })
    .from(destinations);
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
  const parsed = parseWalletAddrOrThrow(text, (network, name) => {
    const row = byName.get(name.toLowerCase());
    return row?.networks.includes(network) ? row.name : null;
  });
  const row = parsed.exchange === PERSONAL_EXCHANGE ? undefined : byName.get(parsed.exchange.toLowerCase());
  if (row?.status === "BLOCKED") throw new AppError("DESTINATION_BLOCKED", { exchange: row.name });
  return parsed;
}
