/**
 * An administrator's direct change to a member's balance — a credit with a visible DEPOSIT row (coin), an
 * unrecorded adjustment (coinunhist), interest on the rewards account, part of a stake withdrawn (staking) — as one
 * use case: under the request's Idempotency-Key, through the four-eyes gate (./proposals.ts proposeIfAboveLimit:
 * above the rolling limit it becomes a 202 proposal and nothing moves), then applied. An approved proposal of the
 * same kind is applied by the same code (./proposal-decisions.ts), under its `proposal:<id>` posting key.
 */
import type { z } from "zod";
import type { Tx } from "@/db/client";
import type { Coin } from "@/db/schema";
import { idempotent } from "@/lib/api/idempotency";
import { D, type Dec } from "@/lib/money";
import { adjustInterest, withdrawStake } from "@/lib/staking/admin";
import type { interestSchema, stakingWithdrawSchema } from "@/lib/validation/staking";
import type { adminCoinSchema, adminCoinUnhistSchema } from "@/lib/validation/wallet";
import { adminDeposit, adminUnrecorded } from "@/lib/wallet/admin";
import { type Payloads, payloadOf } from "./proposal-payloads";
import { type Actor, proposeIfAboveLimit } from "./proposals";

export type BalanceChangeKind = "coin" | "coinunhist" | "interest" | "staking";

/** What each route's body parses to (PATCH /api/admin/users/{id}/<kind>). */
type Inputs = {
  coin: z.infer<typeof adminCoinSchema>;
  coinunhist: z.infer<typeof adminCoinUnhistSchema>;
  interest: z.infer<typeof interestSchema>;
  staking: z.infer<typeof stakingWithdrawSchema>;
};

type Kind<K extends BalanceChangeKind> = {
  /** What the Idempotency-Key's request hash covers: each route's own, unchanged, so a retried key still matches. */
  asked: (input: Inputs[K]) => unknown;
  /** The change as a proposal stores it (decimal strings). */
  payload: (input: Inputs[K]) => Payloads[K];
  symbol: (payload: Payloads[K]) => Coin;
  /** Applies it and answers the route's 200 body; `postingKey` is an approved proposal's. */
  apply: (tx: Tx, memberId: number, payload: Payloads[K], actor: Actor, postingKey?: string) => Promise<object>;
};

const meta = (actor: Actor) => ({ ip: actor.ip ?? undefined, requestId: actor.requestId ?? undefined });
const stakingActor = (actor: Actor, postingKey?: string) => ({
  actorId: actor.id,
  ip: actor.ip,
  requestId: actor.requestId,
  postingKey,
});
const withAmountText = <T extends { amount: Dec }>(input: T) => ({ ...input, amount: input.amount.toFixed() });

const KINDS: { [K in BalanceChangeKind]: Kind<K> } = {
  coin: {
    asked: (input) => input,
    payload: (input) => ({ symbol: input.symbol, amount: input.amount.toFixed(), action: "DEPOSIT" }),
    symbol: (x) => x.symbol,
    apply: (tx, targetId, x, actor, postingKey) =>
      adminDeposit(tx, {
        adminId: actor.id,
        targetId,
        symbol: x.symbol,
        amount: new D(x.amount),
        postingKey,
        ...meta(actor),
      }),
  },
  coinunhist: {
    asked: (input) => input,
    payload: (input) => ({ symbol: input.symbol, amount: input.amount.toFixed(), action: input.action }),
    symbol: (x) => x.symbol,
    apply: (tx, targetId, x, actor, postingKey) =>
      adminUnrecorded(tx, {
        adminId: actor.id,
        targetId,
        symbol: x.symbol,
        amount: new D(x.amount),
        action: x.action,
        postingKey,
        ...meta(actor),
      }),
  },
  interest: {
    asked: withAmountText,
    payload: (input) => ({ amount: input.amount.toFixed(), action: input.action }),
    symbol: () => "WLD",
    apply: (tx, memberId, x, actor, postingKey) =>
      adjustInterest(tx, memberId, new D(x.amount), x.action, stakingActor(actor, postingKey)),
  },
  staking: {
    asked: withAmountText,
    payload: (input) => ({ symbol: input.symbol, amount: input.amount.toFixed(), action: input.action }),
    symbol: (x) => x.symbol,
    apply: (tx, memberId, x, actor, postingKey) =>
      withdrawStake(tx, memberId, x.symbol, new D(x.amount), stakingActor(actor, postingKey)),
  },
};

/** The administrator's call, as the route's withAdmin wrapper hands it over (the member already authorized). */
export type BalanceChangeCall = {
  req: Request;
  user: { id: number; role: Actor["role"] };
  target: { id: number };
  ip: string;
  requestId: string;
};

/**
 * PATCH /api/admin/users/{id}/<kind>, after its body is parsed: 200 with the balance the change left, or 202
 * { proposal } when it needs a second administrator. Idempotent per Idempotency-Key; one transaction.
 */
export function changeBalance<K extends BalanceChangeKind>(
  call: BalanceChangeCall,
  kind: K,
  input: Inputs[K],
): Promise<Response> {
  const { req, user, target, ip, requestId } = call;
  const change: Kind<K> = KINDS[kind];
  const actor: Actor = { id: user.id, role: user.role, ip, requestId };
  const route = `PATCH /api/admin/users/${target.id}/${kind}`;
  return idempotent(req, user.id, route, change.asked(input), async (tx) => {
    const payload = change.payload(input);
    const proposal = await proposeIfAboveLimit(tx, {
      kind,
      symbol: change.symbol(payload),
      amount: input.amount,
      targetUserId: target.id,
      payload,
      reason: input.reason,
      actor,
    });
    if (proposal) return proposal;
    return { status: 200, body: await change.apply(tx, target.id, payload, actor) };
  });
}

/** An approved balance-change proposal, applied in the approval's transaction; its stored payload is checked first. */
export async function applyBalanceProposal<K extends BalanceChangeKind>(
  tx: Tx,
  p: { kind: K; memberId: number; payload: unknown; postingKey: string },
  actor: Actor,
): Promise<void> {
  const change: Kind<K> = KINDS[p.kind];
  await change.apply(tx, p.memberId, payloadOf(p.kind, p.payload), actor, p.postingKey);
}
