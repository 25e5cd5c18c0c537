// POST /api/requests/deposit { coinSymbol: "WLD", amount: KRW (whole won), type?: "DEPOSIT" } — a deposit request:
// the KRW amount in coin units at 6 decimals with the price of this moment (stored on the request);
// 201 { message, request: { id, coinSymbol, krwAmount, amount, status } }. No usable price → 503 PRICE_UNAVAILABLE.
// Accepts Idempotency-Key.
import { readJson, withUser } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { AppError } from "@/lib/errors";
import { currentPrice } from "@/lib/prices";
import { depositRequestSchema } from "@/lib/validation/wallet";
import { translator } from "@/lib/i18n/translate";
import { createDepositRequest } from "@/lib/wallet/requests";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, locale, ip, requestId }) => {
  const input = await readJson(req, depositRequestSchema);
  const asked = { coinSymbol: input.coinSymbol, amount: input.amount };
  // The price is read before the transaction opens (a slow feed must not hold database locks).
  const quote = await currentPrice(asked.coinSymbol);
  if (!quote.usable) throw new AppError("PRICE_UNAVAILABLE", {}, { "retry-after": "30" });
  return idempotent(req, user.id, "POST /api/requests/deposit", asked, async (tx) => {
    const request = await createDepositRequest(tx, {
      userId: user.id,
      coin: asked.coinSymbol,
      krwAmount: asked.amount,
      priceKrw: quote.priceKrw,
      ip,
      requestId,
    });
    return { status: 201, body: { message: translator(locale, "Money")("depositCreated"), request } };
  });
});
