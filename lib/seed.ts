/**
 * Demo data (DESIGN.md, "Running it"): three accounts, the WELCOME1 referral code, money for `demo` moved
 * through the ledger like any other money, a staking product, a few days of rewards, and a price
 * history so the app shows a chart with no network. Safe to run twice: it stops if `superadmin` exists.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { idDocuments, priceSnapshots, stakingProducts, stakingRewards, stakingRuns, users } from "@/db/schema";
import { hashPassword, verifyPassword } from "@/lib/auth/password-hash";
import { LOCK_RELEASE_AT } from "@/lib/constants";
import { env } from "@/lib/env";
import { credit, move, post, member, system } from "@/lib/ledger";
import { D } from "@/lib/money";
import { dailyReward } from "@/lib/staking/rates";

export const DEMO_ACCOUNTS = [
  { userId: "superadmin", password: "Super1234!", role: "SUPERADMIN", name: "최고관리자", refCode: "WELCOME1" },
  { userId: "admin", password: "Admin1234!", role: "ADMIN", name: "관리자", refCode: "ADMIN7QX" },
  { userId: "demo", password: "Demo1234!", role: "USER", name: "데모회원", refCode: "DEMO8KTR" },
] as const;

/** The second SUPERADMIN seeded with DEMO_SECOND_SUPERADMIN=1 (lib/env.ts): the other pair of eyes for role grants. */
export const SECOND_SUPERADMIN = {
  userId: "superadmin2",
  password: "Super5678!",
  role: "SUPERADMIN",
  name: "최고관리자2",
  refCode: "SUPER2QX",
} as const;
const publishedAccounts = [...DEMO_ACCOUNTS, SECOND_SUPERADMIN];

/**
 * The demo accounts whose stored hash still matches the published password (DESIGN.md, "Running it"; README):
 * anyone who can reach the server could sign in as them. Checked against the hash, so a changed password
 * counts as changed whoever changed it.
 */
export async function demoAccountsWithPublishedPassword(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ userId: users.userId, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.userId,
        publishedAccounts.map((a) => a.userId),
      ),
    );
  const exposed: string[] = [];
  for (const a of publishedAccounts) {
    const row = rows.find((r) => r.userId === a.userId);
    if (row && (await verifyPassword(row.passwordHash, a.password))) exposed.push(a.userId);
  }
  return exposed;
}

export const DEMO_WALLET = "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7";

export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db.execute(sql`select 1 from users where lower(user_id) = 'superadmin'`);
  const rows = Array.isArray(existing) ? existing : (existing as { rows: unknown[] }).rows;
  if (rows.length > 0) return false;

  const ids: Record<string, number> = {};
  const accounts = env().DEMO_SECOND_SUPERADMIN === "1" ? publishedAccounts : DEMO_ACCOUNTS;
  for (const a of accounts) {
    const [row] = await db
      .insert(users)
      .values({
        userId: a.userId,
        name: a.name,
        passwordHash: await hashPassword(a.password),
        role: a.role,
        refCode: a.refCode,
        refId: a.userId === "superadmin" ? null : "WELCOME1",
        phone: a.userId === "demo" ? "010-1234-5678" : null,
      })
      .returning({ id: users.id });
    ids[a.userId] = row!.id;
  }
  const superId = ids.superadmin!;
  const demoId = ids.demo!;
  await db.execute(sql`update users set referrer_id = ${superId} where id in (${ids.admin}, ${demoId})`);
  await db.update(users).set({ idStatus: "APPROVED", walletAddr: DEMO_WALLET }).where(sql`${users.id} = ${demoId}`);
  await db.insert(idDocuments).values({ userId: demoId, status: "APPROVED", reviewedBy: superId, reviewedAt: now });

  const day = 86_400_000;
  // The 1000 WLD ID-approval airdrop, a deposit, and a swap into the protected lock.
  await credit(db, {
    kind: "KYC_REWARD",
    idempotencyKey: `kyc-reward:${demoId}`,
    userId: demoId,
    coin: "WLD",
    amount: "1000",
    from: "airdrop",
    actorId: superId,
    memberTx: [{ userId: demoId, type: "DEPOSIT", coinSymbol: "WLD", amount: "1000" }],
  });
  await credit(db, {
    kind: "ADMIN_DEPOSIT",
    userId: demoId,
    coin: "WLD",
    amount: "250.5",
    actorId: superId,
    memberTx: [{ userId: demoId, type: "DEPOSIT", coinSymbol: "WLD", amount: "250.5" }],
  });
  await move(db, {
    kind: "SWAP",
    userId: demoId,
    coin: "WLD",
    amount: "800",
    from: "holding",
    to: "staked",
    actorId: demoId,
    memberTx: [{ userId: demoId, type: "STAKING", coinSymbol: "WLD", amount: "800" }],
  });

  await db.insert(stakingProducts).values({
    coinSymbol: "WLD",
    name: "WLD 보호 잠금 스테이킹",
    annualRate: "12",
    lockEnd: new Date(env().LOCK_RELEASE_AT ?? LOCK_RELEASE_AT),
    minAmount: "0",
  });

  // Five past days of rewards on 800 staked at 12 % a year, by the reward run's own formula.
  const reward = dailyReward("800", "12");
  for (let i = 5; i >= 1; i--) {
    const kstDay = new Date(now.getTime() + 9 * 3_600_000 - i * day).toISOString().slice(0, 10);
    const result = await post(db, {
      kind: "STAKING_REWARD",
      idempotencyKey: `reward:${demoId}:WLD:${kstDay}`,
      legs: [
        { account: system("WLD", "rewards_pool"), amount: reward.neg() },
        { account: member(demoId, "WLD", "rewards"), amount: reward },
      ],
    });
    await db.insert(stakingRewards).values({
      userId: demoId,
      coinSymbol: "WLD",
      day: kstDay,
      stakedBalance: "800",
      annualRate: "12",
      amount: reward.toFixed(),
      postingId: result.postingId,
      createdAt: new Date(`${kstDay}T15:05:00Z`),
    });
    // The admin "staking rewards" screen lists run days; the next real run continues after these.
    const ranAt = new Date(`${kstDay}T15:05:00Z`);
    await db
      .insert(stakingRuns)
      .values({ day: kstDay, startedAt: ranAt, finishedAt: ranAt, membersPaid: 1, totalPaid: reward.toFixed() })
      .onConflictDoNothing();
  }

  await db.insert(priceSnapshots).values(seedPriceHistory(now)).onConflictDoNothing();
  return true;
}

/** A deterministic, plausible WLD/KRW history (1h × 24, 1d × 7, 1w × 4) and spot tickers. */
export function seedPriceHistory(now: Date) {
  const usdtKrw = new D("1395");
  const hour = 3_600_000;
  const rows: (typeof priceSnapshots.$inferInsert)[] = [];
  const wave = (i: number, base: number, amp: number) => new D(base).plus(new D(Math.sin(i / 3)).times(amp).round(4));
  const point = (series: string, time: Date, usd: InstanceType<typeof D>) => ({
    symbol: "WLD",
    series,
    time,
    priceKrw: usd.times(usdtKrw).round(2).toFixed(),
    usdtKrw: usdtKrw.toFixed(),
    source: "seed",
  });
  const top = Math.floor(now.getTime() / hour) * hour;
  for (let i = 0; i < 24; i++) rows.push(point("1h", new Date(top - (23 - i) * hour), wave(i, 1.12, 0.04)));
  for (let i = 0; i < 7; i++) rows.push(point("1d", new Date(top - (6 - i) * 24 * hour), wave(i * 2, 1.1, 0.08)));
  for (let i = 0; i < 4; i++) rows.push(point("1w", new Date(top - (3 - i) * 168 * hour), wave(i * 4, 1.05, 0.12)));
  const last = wave(23, 1.12, 0.04).times(usdtKrw).round(2);
  const tickers: [string, string][] = [
    ["USDT", usdtKrw.toFixed()],
    ["WLD", last.toFixed()],
    ["BTC", "131500000"],
    ["ETH", "4520000"],
    ["SOL", "248000"],
    ["DOGE", "312"],
    ["XRP", "3120"],
  ];
  for (const [symbol, price] of tickers)
    rows.push({
      symbol,
      series: "ticker",
      time: new Date(top),
      priceKrw: price,
      usdtKrw: usdtKrw.toFixed(),
      changePercent: "0",
      source: "seed",
    });
  return rows;
}
