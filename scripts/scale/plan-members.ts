/**
 * scale:generate's member plan (scripts/scale/generate.ts, stage 1): one row per member in `scale_gen.m`, drawn
 * with scale_gen.u (a deterministic uniform per member and salt) — sign-up time growing over the sign-up period,
 * a Korean name by census surname frequency and a romanized handle (scripts/scale/names.ts), a unique 010 phone,
 * status, ID check, a referrer for a third — then the money plans of approved active members: a KRW purchase, an
 * expired quote, the stakers (most of them early, 1 % at an administrator's own rate), a second swap, a transfer
 * or withdrawal out of the lock, and a payout address.
 */
import { type SQL, sql } from "drizzle-orm";
import { GIVEN_NAMES, surnameSlots } from "./names";

type Exec = { execute: (q: SQL) => Promise<unknown> };

export type MemberPlan = {
  n: number;
  stakers: number;
  /** Staff accounts come first: member g has id g + staff. */
  staff: number;
  signupStart: Date;
  signupEnd: Date;
  /** 00:00 KST of the first reward day: staking opens. */
  launch: Date;
  /** The end of the last reward day. */
  lastEnd: Date;
  productRate: string;
  ownRate: string;
};

const lit = (n: number) => sql.raw(String(Math.trunc(n)));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const textArray = (a: readonly string[]) =>
  sql`ARRAY[${sql.join(
    a.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;

export async function planMembers(tx: Exec, p: MemberPlan): Promise<void> {
  const { hangul, roman } = surnameSlots();
  const { n: N, stakers: STAKERS, staff: STAFF, signupStart, signupEnd, launch, lastEnd } = p;
  const PRODUCT_RATE = p.productRate;
  const OWN_RATE = p.ownRate;
  const nGiven = GIVEN_NAMES.length;
  await tx.execute(sql`
  CREATE UNLOGGED TABLE scale_gen.m AS
  WITH b AS (
    SELECT g, (g + ${lit(STAFF)})::int AS id,
      ${ts(signupStart)} + (${ts(signupEnd)} - ${ts(signupStart)}) * sqrt((g - 1 + 0.5 * scale_gen.u(g, 1)) / ${N}::float8) AS created_at,
      1 + floor(scale_gen.u(g, 2) * 1000)::int AS sn,
      1 + floor(scale_gen.u(g, 3) * ${nGiven})::int AS gn,
      floor(scale_gen.u(g, 4) * 4)::int AS pattern,
      lpad(((70 + floor(scale_gen.u(g, 5) * 40)::int) % 100)::text, 2, '0') AS yy,
      scale_gen.u(g, 6) AS u_status, scale_gen.u(g, 7) AS u_kyc
    FROM generate_series(1::bigint, ${N}::bigint) g
  ), n AS (
    SELECT b.*,
      (${textArray(hangul)})[sn] || (${textArray(GIVEN_NAMES.map((x) => x[0]))})[gn] AS name,
      CASE pattern
        WHEN 0 THEN (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || (${textArray(roman)})[sn] || yy
        WHEN 1 THEN (${textArray(roman)})[sn] || (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || yy
        WHEN 2 THEN (${textArray(roman)})[sn] || '.' || (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || yy
        ELSE (${textArray(GIVEN_NAMES.map((x) => x[1]))})[gn] || '_' || (${textArray(roman)})[sn]
      END AS base,
      created_at + scale_gen.u(g, 8) * interval '3 days' AS doc_at
    FROM b
  ), k AS (
    SELECT n.*, doc_at + (0.05 + scale_gen.u(g, 9)) * interval '1 day' AS kyc_at,
      row_number() OVER (PARTITION BY base ORDER BY g) AS rn
    FROM n
  )
  SELECT k.g, k.id, k.created_at, k.name,
    base || CASE WHEN rn = 1 THEN '' WHEN pattern = 3 THEN rn::text ELSE '_' || rn END AS handle,
    '010-' || lpad(((g * 48271 + 13579) % 100000000 / 10000)::text, 4, '0') || '-'
      || lpad(((g * 48271 + 13579) % 10000)::text, 4, '0') AS phone,
    CASE WHEN u_status < 0.02 THEN 'DEACTIVATED' ELSE 'ACTIVE' END AS status,
    CASE WHEN u_status < 0.02 OR doc_at >= ${ts(lastEnd)} THEN 'NONE'
         WHEN u_kyc < 0.60 AND kyc_at < ${ts(lastEnd)} THEN 'APPROVED'
         WHEN u_kyc < 0.62 OR (u_kyc < 0.60 AND kyc_at >= ${ts(lastEnd)}) THEN 'PENDING'
         WHEN u_kyc < 0.65 AND kyc_at < ${ts(lastEnd)} THEN 'REJECTED' ELSE 'NONE' END AS id_status,
    doc_at, kyc_at,
    CASE WHEN g > 1 AND scale_gen.u(g, 30) < 0.35 THEN 1 + floor(scale_gen.u(g, 31) * (g - 1))::bigint END AS ref_g
  FROM k`);
  // Money plans, for approved active members only.
  await tx.execute(sql`
  ALTER TABLE scale_gen.m
    ADD COLUMN dep_at timestamptz, ADD COLUMN dep_krw numeric, ADD COLUMN dep_price numeric, ADD COLUMN dep_amt numeric,
    ADD COLUMN dep_done timestamptz, ADD COLUMN exp_at timestamptz, ADD COLUMN exp_krw numeric, ADD COLUMN exp_price numeric,
    ADD COLUMN staker boolean NOT NULL DEFAULT false, ADD COLUMN t1 timestamptz, ADD COLUMN a1 numeric,
    ADD COLUMN t2 timestamptz, ADD COLUMN a2 numeric, ADD COLUMN rate numeric, ADD COLUMN own_rate boolean NOT NULL DEFAULT false,
    ADD COLUMN x_type text, ADD COLUMN t3 timestamptz, ADD COLUMN x_amt numeric, ADD COLUMN x_fee numeric, ADD COLUMN x_total numeric,
    ADD COLUMN x_done timestamptz, ADD COLUMN wallet text`);
  const ok = sql`status = 'ACTIVE' AND id_status = 'APPROVED'`;
  // A quarter of approved members bought WLD with KRW once; 3 % let a quote run out.
  await tx.execute(sql`
  UPDATE scale_gen.m SET dep_at = kyc_at + scale_gen.u(g, 11) * (${ts(lastEnd)} - interval '1 hour' - kyc_at),
    dep_krw = (1 + floor(scale_gen.u(g, 12) ^ 2 * 50)) * 100000
  WHERE ${ok} AND scale_gen.u(g, 10) < 0.25`);
  await tx.execute(sql`
  UPDATE scale_gen.m SET dep_price = scale_gen.price(dep_at), dep_amt = trunc(dep_krw / scale_gen.price(dep_at), 6),
    dep_done = dep_at + (1 + scale_gen.u(g, 13) * 8) * interval '1 minute'
  WHERE dep_at IS NOT NULL`);
  await tx.execute(sql`
  UPDATE scale_gen.m SET exp_at = kyc_at + scale_gen.u(g, 28) * (${ts(lastEnd)} - interval '1 hour' - kyc_at),
    exp_krw = (1 + floor(scale_gen.u(g, 29) * 20)) * 100000
  WHERE ${ok} AND scale_gen.u(g, 27) < 0.03`);
  await tx.execute(sql`UPDATE scale_gen.m SET exp_price = scale_gen.price(exp_at) WHERE exp_at IS NOT NULL`);
  // Stakers: STAKERS of the approved active members, most of them in the first months after launch.
  await tx.execute(sql`
  UPDATE scale_gen.m SET t1 = greatest(${ts(launch)} + scale_gen.u(g, 14) ^ 3 * (${ts(lastEnd)} - ${ts(launch)}),
    kyc_at + scale_gen.u(g, 15) * interval '2 days')
  WHERE ${ok}`);
  await tx.execute(sql`
  UPDATE scale_gen.m SET staker = true, a1 = round((300 + scale_gen.u(g, 17) * 700)::numeric, 2),
    rate = CASE WHEN scale_gen.u(g, 21) < 0.01 THEN ${OWN_RATE}::numeric ELSE ${PRODUCT_RATE}::numeric END,
    own_rate = scale_gen.u(g, 21) < 0.01
  WHERE id IN (SELECT id FROM scale_gen.m WHERE ${ok} AND t1 < ${ts(lastEnd)} - interval '1 day'
               ORDER BY scale_gen.u(g, 16) LIMIT ${STAKERS})`);
  await tx.execute(sql`UPDATE scale_gen.m SET t1 = NULL WHERE NOT staker`);
  // Half the stakers who also bought swap part of it later.
  await tx.execute(sql`
  UPDATE scale_gen.m SET t2 = greatest(t1, dep_done) + scale_gen.u(g, 19) * interval '5 days',
    a2 = trunc(dep_amt * (0.3 + 0.7 * scale_gen.u(g, 20))::numeric, 2)
  WHERE staker AND dep_at IS NOT NULL AND scale_gen.u(g, 18) < 0.5
    AND greatest(t1, dep_done) + scale_gen.u(g, 19) * interval '5 days' < ${ts(lastEnd)} - interval '1 hour'`);
  // 4 % of stakers sent coins out of the lock (transfer or withdrawal); those still open at the end are PENDING.
  await tx.execute(sql`
  UPDATE scale_gen.m SET t3 = t1 + scale_gen.u(g, 23) * (${ts(lastEnd)} - interval '1 hour' - t1),
    x_type = CASE WHEN scale_gen.u(g, 24) < 0.3 THEN 'WITHDRAW' ELSE 'TRANSFER' END,
    x_amt = round((a1 - 0.2) * (0.1 + 0.8 * scale_gen.u(g, 25))::numeric, 2), x_fee = 0.2
  WHERE staker AND scale_gen.u(g, 22) < 0.04`);
  await tx.execute(sql`
  UPDATE scale_gen.m SET x_total = x_amt + x_fee,
    x_done = CASE WHEN t3 < ${ts(lastEnd)} - interval '2 days'
      THEN t3 + interval '10 minutes' + scale_gen.u(g, 26) * interval '6 hours' END
  WHERE t3 IS NOT NULL`);
  await tx.execute(sql`
  UPDATE scale_gen.m SET wallet = (ARRAY['OP','WORLDCHAIN'])[1 + floor(scale_gen.u(g, 33) * 2)::int] || '|'
    || (ARRAY['Upbit','Bithumb','Coinone','Korbit'])[1 + floor(scale_gen.u(g, 34) * 4)::int] || '|0x'
    || substr(md5(g::text) || md5((g * 7)::text), 1, 40)
  WHERE t3 IS NOT NULL OR (${ok} AND scale_gen.u(g, 35) < 0.15)`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_gen.m (g)`);
}

/** The plan's SQL helpers, in the generator's own schema (dropped with the database). */
export async function createPlanFunctions(tx: Exec): Promise<void> {
  // A uniform fraction in [0, 1) per member and salt: deterministic, so the same N gives the same data.
  await tx.execute(sql`
    CREATE FUNCTION scale_gen.u(g bigint, salt bigint) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT (hashint8extended(g, salt) & 4294967295)::float8 / 4294967296.0 $$`);
  // The app's referral alphabet (lib/referral.ts), 8 characters; unique: a bijection of g mod 31^8.
  await tx.execute(sql`
    CREATE FUNCTION scale_gen.refcode(g bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789',
         (((g * 2147483647 + 777) % 852891037441) / power(31, i)::bigint % 31)::int + 1, 1), '' ORDER BY i)
       FROM generate_series(0, 7) i $$`);
  // WLD in KRW over time: a smooth, plausible curve (1,750–3,250 KRW), also the price history's source.
  await tx.execute(sql`
    CREATE FUNCTION scale_gen.price(t timestamptz) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT round((2500 + 600 * sin(extract(epoch FROM t) / 86400 / 29) + 150 * sin(extract(epoch FROM t) / 86400 / 5.3))::numeric, 2) $$`);
}
