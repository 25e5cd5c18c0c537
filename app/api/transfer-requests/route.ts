// POST /api/transfer-requests { coinSymbol: "WLD", amount, type: "TRANSFER" | "WITHDRAW" } — a request to send
//   staked WLD to the member's wallet address; 201 { message, request: { id, coinSymbol, amount, fee, total, status } }.
//   The member is always the session's: a body userId naming anyone else → 403. Accepts Idempotency-Key.
// GET /api/transfer-requests?status&type&page&limit — the member's own requests (all types), { items, total };
//   a deposit whose quote ran out reads EXPIRED.
import { readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { requireSameMember } from "@/lib/auth/guards";
import { idempotent } from "@/lib/api/idempotency";
import { readQuery, requestListQuerySchema, transferRequestSchema } from "@/lib/validation/wallet";
import { translator } from "@/lib/i18n/translate";
import { createTransferRequest, listMemberRequests } from "@/lib/wallet/requests";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, locale, ip, requestId }) => {
  const input = await readJson(req, transferRequestSchema);
  const { userId: claimed, ...asked } = input;
  await requireSameMember(req, requestId, user, claimed);
  return idempotent(req, user.id, "POST /api/transfer-requests", asked, async (tx) => ({
    status: 201,
    body: {
      message: translator(locale, "Money")("requestCreated"),
      request: await createTransferRequest(tx, {
        userId: user.id,
        type: asked.type,
        coin: asked.coinSymbol,
        amount: asked.amount,
        ip,
        requestId,
      }),
    },
  }));
});

export const GET = withUser(async ({ req, user }) => {
  const q = readQuery(req, requestListQuerySchema);
  return listMemberRequests({ userId: user.id, ...q });
});
