// PATCH /api/admin/users/{id}/coin { symbol, amount, action: "DEPOSIT" } — credits the member's holding with a
// visible DEPOSIT row, audited; 200 { symbol, holding }. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { idempotent } from "@/lib/api/idempotency";
import { adminCoinSchema } from "@/lib/validation/wallet";
import { adminDeposit } from "@/lib/wallet/admin";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const targetId = target.id;
    const input = await readJson(req, adminCoinSchema);
    return idempotent(req, user.id, `PATCH /api/admin/users/${targetId}/coin`, input, async (tx) => ({
      status: 200,
      body: await adminDeposit(tx, {
        adminId: user.id,
        targetId,
        symbol: input.symbol,
        amount: input.amount,
        ip,
        requestId,
      }),
    }));
  },
  { permission: "member.credit", target: "id" },
);
