/**
 * Four-eyes approval (SECURITY.md H33, I39): proposing and reading. An admin balance change (coin, coinunhist,
 * interest, staking withdraw, a KRW deposit approval) that would take the administrator's or the member's rolling
 * 24-hour total above FOUR_EYES_LIMIT WLD (./four-eyes-limit.ts), every staking-rate change (a member's own rate, a
 * product's rate) and a member's daily withdrawal limit override do not happen when asked: they become a PENDING
 * proposal with a reason (202 { proposal }). Approving and rejecting — the only way a proposal is applied — live
 * in ./proposal-decisions.ts.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf, type Tx } from "@/db/client";
import type { Coin } from "@/db/schema";
import { currentAuditMemo } from "@/lib/audit-memo";
import { admitDirectChange } from "@/lib/admin/four-eyes-limit";
import { newProductRaisesRates, type ProductInput, productChangeRaisesRates, storedProduct } from "@/lib/staking/admin";
import { audit } from "@/lib/audit";
import type { Role } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { type Dec, toDecimalString } from "@/lib/money";
import { currentOf, type ProposalCurrent } from "./proposal-current";
import { type Payloads, storedPayload } from "./proposal-payloads";
import {
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
  PROPOSAL_TTL_MS,
  type ProposalKind,
  type ProposalStatus,
} from "./proposal-kinds";

export { KIND_PERMISSION } from "./proposal-kinds";
export { PROPOSAL_KINDS, PROPOSAL_STATUSES, PROPOSAL_TTL_MS, type ProposalKind, type ProposalStatus };
export type { Payloads };

export type ProposalDto = {
  id: number;
  kind: ProposalKind;
  target: { id: number; userId: string; name: string | null } | null;
  /** As stored: read it through ./proposal-payloads.ts (payloadOf), which checks it against its kind's schema. */
  payload: unknown;
  reason: string;
  proposedBy: { id: number; userId: string };
  /** PENDING past its expiry reads EXPIRED (whether or not the row was marked yet). */
  status: ProposalStatus;
  decidedBy: { id: number; userId: string } | null;
  decidedAt: string | null;
  decisionNote: string | null;
  createdAt: string;
  expiresAt: string;
  postingId: number | null;
  /** The values the change would replace, read now (GET /api/admin/proposals, PENDING only; ./proposal-current.ts). */
  current?: ProposalCurrent | null;
};

export type Actor = { id: number; role: Role | string; ip?: string | null; requestId?: string | null };
/** The administrator deciding, with the request (for the authorization refusals' audit rows). */
export type Decider = { user: SessionUser; req: Request; ip: string; requestId: string };
export const actorOf = (d: Decider): Actor => ({ id: d.user.id, role: d.user.role, ip: d.ip, requestId: d.requestId });

/** The proposal's reason: the body's `reason`, else the console's memo (x-audit-memo); blank → 400. */
export function reasonOf(reason: string | null | undefined): string {
  const text = (reason ?? "").trim() || (currentAuditMemo() ?? "").trim();
  if (!text) throw new AppError("PROPOSAL_REASON_REQUIRED", { field: "reason" });
  return text;
}

type Row = {
  id: string;
  kind: ProposalKind;
  target_user_id: number | null;
  target_handle: string | null;
  target_name: string | null;
  payload: unknown;
  reason: string;
  proposed_by: number;
  proposer_handle: string;
  status: ProposalStatus;
  effective_status: ProposalStatus;
  decided_by: number | null;
  decider_handle: string | null;
  decided_at: string | Date | null;
  decision_note: string | null;
  created_at: string | Date;
  expires_at: string | Date;
  posting_id: string | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toDto(r: Row): ProposalDto {
  const payload: unknown = typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload;
  return {
    id: Number(r.id),
    kind: r.kind,
    target:
      r.target_user_id === null
        ? null
        : { id: r.target_user_id, userId: r.target_handle ?? "", name: r.target_name ?? null },
    payload,
    reason: r.reason,
    proposedBy: { id: r.proposed_by, userId: r.proposer_handle },
    status: r.effective_status,
    decidedBy: r.decided_by === null ? null : { id: r.decided_by, userId: r.decider_handle ?? "" },
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
    decisionNote: r.decision_note,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    postingId: r.posting_id === null ? null : Number(r.posting_id),
  };
}

const SELECT = (at: Date) => sql`
  SELECT p.id::text AS id, p.kind, p.target_user_id, t.user_id AS target_handle, t.name AS target_name,
    p.payload, p.reason, p.proposed_by, pu.user_id AS proposer_handle, p.status,
    CASE WHEN p.status = 'PENDING' AND p.expires_at <= ${at.toISOString()}::timestamptz THEN 'EXPIRED'
      ELSE p.status END AS effective_status,
    p.decided_by, du.user_id AS decider_handle, p.decided_at, p.decision_note, p.created_at, p.expires_at,
    p.posting_id::text AS posting_id
  FROM proposals p
  JOIN users pu ON pu.id = p.proposed_by
  LEFT JOIN users t ON t.id = p.target_user_id
  LEFT JOIN users du ON du.id = p.decided_by`;

export async function readProposal(db: DbOrTx, id: number): Promise<ProposalDto | null> {
  const rows = rowsOf<Row>(await db.execute(sql`${SELECT(now())} WHERE p.id = ${id}`));
  return rows[0] ? toDto(rows[0]) : null;
}

/**
 * Records a proposal inside the caller's transaction (the route's, with its Idempotency-Key: a retried click
 * makes one proposal) and audits it. Nothing else changes.
 */
export async function propose<K extends ProposalKind>(
  tx: Tx,
  p: { kind: K; targetUserId: number | null; payload: Payloads[K]; reason?: string | null; actor: Actor },
): Promise<ProposalDto> {
  const reason = reasonOf(p.reason);
  // The schema it is read back with (./proposal-payloads.ts): a payload that would not be applied is never stored.
  if (storedPayload(p.kind, p.payload) === null)
    throw new Error(`a ${p.kind} proposal's payload does not fit its kind`);
  const created = now();
  const expires = new Date(created.getTime() + PROPOSAL_TTL_MS);
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO proposals (kind, target_user_id, payload, reason, proposed_by, created_at, expires_at)
      VALUES (${p.kind}, ${p.targetUserId}, ${JSON.stringify(p.payload)}::jsonb, ${reason}, ${p.actor.id},
        ${created.toISOString()}::timestamptz, ${expires.toISOString()}::timestamptz)
      RETURNING id::text AS id`),
  );
  const id = Number(row!.id);
  const dto = (await readProposal(tx, id))!;
  await audit(tx, {
    action: "proposal.create",
    actorId: p.actor.id,
    targetUserId: p.targetUserId,
    targetId: id,
    ip: p.actor.ip ?? null,
    requestId: p.actor.requestId ?? null,
    after: { kind: p.kind, payload: p.payload, reason, expiresAt: dto.expiresAt },
  });
  return dto;
}

/** A member's own staking rate: always a proposal (the current rate is kept in it for the screen). */
export async function proposeMemberRate(
  tx: Tx,
  p: { userId: number; coinSymbol: Coin; rate: Dec; reason?: string | null; actor: Actor },
): Promise<ProposalDto> {
  const [current] = rowsOf<{ rate: string | null }>(
    await tx.execute(sql`
      SELECT annual_rate::text AS rate FROM member_staking_rates
      WHERE user_id = ${p.userId} AND coin_symbol = ${p.coinSymbol}::coin`),
  );
  return propose(tx, {
    kind: "member_rate",
    targetUserId: p.userId,
    payload: {
      coinSymbol: p.coinSymbol,
      rate: toDecimalString(p.rate),
      before: current?.rate ? toDecimalString(current.rate) : null,
    },
    reason: p.reason,
    actor: p.actor,
  });
}

/**
 * The four-eyes gate of a product change (SECURITY I39), in the route's transaction: a new annual rate, or any
 * change that would raise a rate in force (lib/staking/admin.ts productChangeRaisesRates: activating it, a lower
 * minimum, another coin, deactivating it over an older product that pays more), becomes a proposal — the whole
 * change waits; null when the change lowers or leaves every rate in force, for the caller to apply in the same
 * transaction (product changes are serialized until it commits). Unknown product → 404.
 */
export async function proposeProductChange(
  tx: Tx,
  id: number,
  patch: Partial<ProductInput>,
  reason: string | null | undefined,
  actor: Actor,
): Promise<ProposalDto | null> {
  const { before, raises } = await productChangeRaisesRates(tx, id, patch);
  const newRate = patch.annualRate !== undefined && !patch.annualRate.eq(before.annualRate);
  if (!newRate && !raises) return null;
  return propose(tx, {
    kind: "product_rate",
    targetUserId: null,
    payload: { productId: id, productName: before.name, before: before.annualRate, patch: storedProductPatch(patch) },
    reason,
    actor,
  });
}

/**
 * The four-eyes gate of a new product (SECURITY I39), in the route's transaction: an active one that would raise
 * a rate in force (the coin's newest active product is its default rate) becomes a `product_create` proposal;
 * null for an inactive or no higher one, for the caller to create in the same transaction.
 */
export async function proposeProductCreate(
  tx: Tx,
  input: ProductInput,
  reason: string | null | undefined,
  actor: Actor,
): Promise<ProposalDto | null> {
  if (!(await newProductRaisesRates(tx, input))) return null;
  return propose(tx, {
    kind: "product_create",
    targetUserId: null,
    payload: { product: storedProduct(input) },
    reason,
    actor,
  });
}

/** The 202 answer of a change that became a proposal. */
export const proposalOutcome = (proposal: ProposalDto) => ({ status: 202, body: { proposal } });

/**
 * The four-eyes gate of an admin balance change, inside the route's idempotent transaction: when the change would
 * take the administrator's or the member's rolling 24-hour total above the limit (./four-eyes-limit.ts) it becomes
 * a proposal and this is the route's 202 answer; else null — the change is counted, and the route applies it.
 */
export async function proposeIfAboveLimit<K extends "coin" | "coinunhist" | "interest" | "staking">(
  tx: Tx,
  p: {
    kind: K;
    symbol: Coin;
    amount: Dec;
    targetUserId: number;
    payload: Payloads[K];
    reason?: string | null;
    actor: Actor;
  },
) {
  const change = { actorId: p.actor.id, memberId: p.targetUserId, kind: p.kind, symbol: p.symbol, amount: p.amount };
  if (await admitDirectChange(tx, change)) return null;
  return proposalOutcome(await propose(tx, p));
}

// ─── listing ──────────────────────────────────────────────────────────────────

/** GET /api/admin/proposals: pending first (oldest first, the next to expire on top), then the rest newest first. */
export async function listProposals(q: {
  status?: ProposalStatus;
  page: number;
  limit: number;
}): Promise<{ items: ProposalDto[]; total: number; page: number; limit: number }> {
  const db = await getDb();
  const at = now();
  const effective = sql`CASE WHEN p.status = 'PENDING' AND p.expires_at <= ${at.toISOString()}::timestamptz
    THEN 'EXPIRED' ELSE p.status END`;
  const where = q.status ? sql`WHERE ${effective} = ${q.status}` : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`${SELECT(at)} ${where}
      ORDER BY (${effective} = 'PENDING') DESC,
        CASE WHEN ${effective} = 'PENDING' THEN p.created_at END ASC,
        p.id DESC
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
  );
  const [count] = rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*)::text AS n FROM proposals p ${where}`));
  const items = await Promise.all(
    rows.map(async (r) => {
      const dto = toDto(r);
      return { ...dto, current: await currentOf(db, dto) };
    }),
  );
  return { items, total: Number(count?.n ?? 0), page: q.page, limit: q.limit };
}

/** A product change → what a proposal stores (decimal strings, ISO dates). */
function storedProductPatch(patch: Partial<ProductInput>): Payloads["product_rate"]["patch"] {
  const out: Payloads["product_rate"]["patch"] = {};
  if (patch.coinSymbol !== undefined) out.coinSymbol = patch.coinSymbol;
  if (patch.name !== undefined) out.name = patch.name;
  if (patch.annualRate !== undefined) out.annualRate = toDecimalString(patch.annualRate);
  if (patch.minAmount !== undefined) out.minAmount = toDecimalString(patch.minAmount);
  if (patch.active !== undefined) out.active = patch.active;
  if (patch.lockEnd !== undefined) out.lockEnd = patch.lockEnd === null ? null : patch.lockEnd.toISOString();
  if (patch.lockDays !== undefined) out.lockDays = patch.lockDays;
  return out;
}

/** A member's own daily withdrawal limit (whole KRW, or null: the default): always a proposal. */
export async function proposeWithdrawLimit(
  tx: Tx,
  p: { userId: number; limitKrw: Dec | null; reason?: string | null; actor: Actor },
): Promise<ProposalDto> {
  return propose(tx, {
    kind: "withdraw_limit",
    targetUserId: p.userId,
    payload: { limitKrw: p.limitKrw === null ? null : p.limitKrw.toFixed(0) },
    reason: p.reason,
    actor: p.actor,
  });
}
