// POST /api/requests/deposit { coinSymbol: "WLD", amount: KRW (whole won), type?: "DEPOSIT", userId?: own handle } — a deposit request:
// the KRW amount in coin units at 6 decimals with the price of this moment (at most 2 minutes old; stored on the
// request, good for 10 minutes, then the request is EXPIRED); 201 { message, request: { id, coinSymbol,
// krwAmount, amount, priceKrw, status, quoteExpiresAt, depositorName } } — depositorName (입금자명) is what the
// member's bank transfer must carry (lib/deposits/depositor-name.ts). No fresh price → 503 PRICE_UNAVAILABLE. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { requireSameMember } from "@/lib/auth/guards";
import { idempotent } from "@/lib/api/idempotency";
import { depositRequestSchema } from "@/lib/validation/wallet";
import { translator } from "@/lib/i18n/translate";
import { freshDepositPriceOrThrow } from "@/lib/wallet/deposit-quotes";
import { assertNotPaused } from "@/lib/maintenance/check";
import { createDepositRequest } from "@/lib/wallet/requests";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, locale, ip, requestId }) => {
  const input = await readJson(req, depositRequestSchema);
  await requireSameMember(req, requestId, user, input.userId);
  const asked = { coinSymbol: input.coinSymbol, amount: input.amount };
  // The price is read before the transaction opens (a slow feed must not hold database locks).
  const priceKrw = await freshDepositPriceOrThrow(asked.coinSymbol);
  return idempotent(req, user.id, "POST /api/requests/deposit", asked, async (tx) => {
    await assertNotPaused(tx, "buy"); // buying paused for maintenance → 503 MAINTENANCE (lib/maintenance)
    const request = await createDepositRequest(tx, {
      userId: user.id,
      coin: asked.coinSymbol,
      krwAmount: asked.amount,
      priceKrw,
      ip,
      requestId,
    });
    return { status: 201, body: { message: translator(locale, "Money")("depositCreated"), request } };
  });
});
