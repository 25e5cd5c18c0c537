/**
 * What the cluster tests set up before they measure: the first administrator made by the real
 * `npm run admin:create`, the WLD staking product in force a month back, and stakers whose stake existed ten days ago (so a reward run
 * of a past day pays them a known amount while the load runs today).
 */
import { spawnSync } from "node:child_process";
import type postgres from "postgres";
import { call, login, type Member, PASSWORD, seedMembers, WALLET } from "../system/support/api";
import { ROOT } from "../system/support/cluster";

export const RATE = "12.5";
export const MIN_STAKE = "10";

/** `npm run admin:create <userId>` on PostgreSQL itself, the password on stdin; the SUPERADMIN's id and ref code. */
export async function createAdmin(sql: postgres.Sql, directUrl: string, userId: string) {
  const r = spawnSync("npm", ["run", "--silent", "admin:create", userId, "Cluster admin"], {
    cwd: ROOT,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: directUrl, DATABASE_POOLER: "", DATABASE_DIRECT_URL: "" },
    encoding: "utf8",
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`admin:create failed: ${r.stderr || r.stdout}`);
  const [row] = await sql<{ id: number; ref_code: string }[]>`SELECT id, ref_code FROM users WHERE user_id = ${userId}`;
  return { id: row!.id, userId, refCode: row!.ref_code };
}

/**
 * The WLD product every staker earns by (the newest active product of a coin is its default). It puts a rate in
 * force where there was none, so it is a four-eyes proposal: a second administrator (`<firstAdmin>p`, made by
 * `admin:create` too) proposes it and the first one — the bootstrap SUPERADMIN, who has no wait — approves it.
 */
export async function createProduct(
  sql: postgres.Sql,
  directUrl: string,
  base: string,
  firstAdmin: { userId: string; cookie: string },
): Promise<void> {
  const proposer = await createAdmin(sql, directUrl, `${firstAdmin.userId}p`);
  const r = await call(base, "POST", "/api/admin/staking-products", {
    cookie: await login(base, proposer.userId, PASSWORD),
    body: { coinSymbol: "WLD", name: "Cluster", annualRate: RATE, minAmount: MIN_STAKE, reason: "cluster" },
  });
  if (r.status !== 202) throw new Error(`staking product: ${r.status} ${JSON.stringify(r.body)}`);
  const id = (r.body as { proposal: { id: number } }).proposal.id;
  const ok = await call(base, "POST", `/api/admin/proposals/${id}/approve`, { cookie: firstAdmin.cookie });
  if (ok.status !== 200) throw new Error(`staking product approval: ${ok.status} ${JSON.stringify(ok.body)}`);
  // A day is paid at the rates in force when it ended (the rate history, migration 0015): the product's rate is put
  // in force a month back, before the stakes seedStakers moves ten days back. The history is append-only (a
  // trigger); a superuser's replica role skips it for this one fixture statement, as seedStakers does for entries.
  await sql.begin(async (tx) => {
    await tx`SET LOCAL session_replication_role = replica`;
    await tx`UPDATE staking_product_versions SET valid_from = valid_from - interval '30 days'
      WHERE product_id IN (SELECT id FROM staking_products WHERE name = 'Cluster')`;
  });
}

/**
 * `n` members with an approved ID and a payout address, `deposit` WLD credited and `stake` of it swapped to staked
 * through the app, and then those postings' entries moved ten days back. Ledger entries are immutable (a trigger);
 * a superuser's replica role skips it for this one fixture statement, the only way to give a member a stake at the
 * end of a past day without waiting for midnight. Balances and every ledger invariant are untouched.
 */
export async function seedStakers(
  sql: postgres.Sql,
  base: string,
  adminCookie: string,
  prefix: string,
  n: number,
  deposit: string,
  stake: string,
): Promise<(Member & { cookie: string })[]> {
  const members = await seedMembers(
    sql,
    Array.from({ length: n }, (_, i) => ({
      userId: `${prefix}${i}`,
      idStatus: "APPROVED" as const,
      walletAddr: WALLET,
    })),
  );
  const out: (Member & { cookie: string })[] = [];
  for (const m of members) {
    const credit = await call(base, "PATCH", `/api/admin/users/${m.id}/coin`, {
      cookie: adminCookie,
      body: { symbol: "WLD", amount: deposit, action: "DEPOSIT" },
    });
    if (credit.status !== 200) throw new Error(`credit ${m.userId}: ${credit.status} ${JSON.stringify(credit.body)}`);
    const cookie = await login(base, m.userId, PASSWORD);
    const swap = await call(base, "POST", `/api/users/${m.userId}/swap`, { cookie, body: { amount: stake } });
    if (swap.status !== 200) throw new Error(`swap ${m.userId}: ${swap.status} ${JSON.stringify(swap.body)}`);
    out.push({ ...m, cookie });
  }
  const ids = members.map((m) => m.id);
  await sql.begin(async (tx) => {
    await tx`SET LOCAL session_replication_role = replica`;
    await tx`
      UPDATE ledger_entries SET created_at = created_at - interval '10 days'
      WHERE posting_id IN (SELECT e.posting_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                           WHERE a.user_id IN ${sql(ids)})`;
  });
  return out;
}

/** The KST calendar day `daysAgo` days before today (YYYY-MM-DD); 1 is the last day that has ended. */
export function kstDay(daysAgo: number): string {
  const kst = new Date(Date.now() + 9 * 3_600_000 - daysAgo * 86_400_000);
  return kst.toISOString().slice(0, 10);
}
