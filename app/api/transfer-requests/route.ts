// POST /api/transfer-requests { coinSymbol: "WLD", amount, type: "TRANSFER" | "WITHDRAW" } — a request to send
//   staked WLD to the member's wallet address; 201 { message, request: { id, coinSymbol, amount, fee, total, status } }.
//   The member is always the session's: a body userId naming anyone else → 403. Accepts Idempotency-Key.
//   403 COOLDOWN { opensAt } during a cool-down, 403 DAILY_LIMIT { allowedKrw, allowedAmount, limitKrw }
//   over today's KRW limit (lib/wallet/limits.ts), 503 PRICE_UNAVAILABLE when no WLD price may value it (none
//   known, older than an hour, or the demo's seeded one on a server).
//   A member with two-factor on sends a current code as `otp`: 403 TWO_FACTOR_REQUIRED without one,
//   400 INVALID_OTP for a wrong or used one (lib/auth/two-factor.ts; spent only if the request is created).
//   `travelRule { recipientName, selfOwned, relationship? }` — needed when amount × the KRW price reaches
//   TRAVEL_RULE_THRESHOLD_KRW: without it 400 TRAVEL_RULE_REQUIRED { missing, thresholdKrw } before anything is
//   written; with it the request stores its IVMS 101 record (lib/travel-rule). 403 DESTINATION_BLOCKED { exchange },
//   403 ADDRESS_NOT_VERIFIED (a personal wallet not proven by a signature), 403 KRW_HOLD { heldAmount, opensAt,
//   sendable } (coins bought with KRW in the last KRW_HOLD_HOURS, lib/wallet/krw-hold.ts).
// GET /api/transfer-requests?status&type&page&limit — the member's own requests (all types), { items, total };
//   a deposit whose quote ran out reads EXPIRED.
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { requireSameMember } from "@/lib/auth/guards";
import { idempotent, idempotentStatement, type StatementWork } from "@/lib/api/idempotency";
import { readQuery, requestListQuerySchema, transferRequestSchema } from "@/lib/validation/wallet";
import { translator } from "@/lib/i18n/translate";
import { createTransferRequest, listMemberRequests } from "@/lib/wallet/requests";
import { outgoingPriceKrw } from "@/lib/wallet/limits";
import { travelRuleOf } from "@/lib/travel-rule/rules";
import { consumeOtpStep, moneyOtpStep } from "@/lib/auth/two-factor";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, locale, ip, requestId }) => {
  const input = await readJson(req, transferRequestSchema);
  const { userId: claimed, otp, ...asked } = input;
  await requireSameMember(req, requestId, user, claimed);
  // Read before the transaction (it may call the exchange): the request is valued at it for the daily limit and
  // the Travel Rule, whose missing details are refused before anything is written (the session has the sender).
  const priceKrw = await outgoingPriceKrw(asked.coinSymbol);
  const rule = travelRuleOf(asked.amount, priceKrw, asked.travelRule);
  const travelRule = rule && { ...rule, originator: { name: user.name, memberNumber: String(user.id) } };
  const otpStep = await moneyOtpStep(req, user, otp, { ip, requestId });
  const work: StatementWork = async (db) => {
    await consumeOtpStep(db, user.id, otpStep);
    return {
      status: 201,
      body: {
        message: translator(locale, "Money")("requestCreated"),
        request: await createTransferRequest(db, {
          userId: user.id,
          type: asked.type,
          coin: asked.coinSymbol,
          amount: asked.amount,
          priceKrw,
          walletAddr: user.walletAddr,
          travelRule,
          ip,
          requestId,
        }),
      },
    };
  };
  // The request is one statement (transfer_request_open); a code to spend makes it two, in one transaction.
  return otpStep === null
    ? idempotentStatement(req, user.id, "POST /api/transfer-requests", asked, work)
    : idempotent(req, user.id, "POST /api/transfer-requests", asked, work);
});

export const GET = withUser(async ({ req, user }) => {
  const q = readQuery(req, requestListQuerySchema);
  return listMemberRequests({ userId: user.id, ...q });
});
