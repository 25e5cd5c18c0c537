// DELETE /api/admin/transactions/{id} — hides the row from the member's history (audited); the ledger is untouched.
// 200 { id, hidden: true } (again for an already hidden row); unknown id → 404.
import { withAdmin } from "@/lib/api/with-auth";
import { numericIdOrThrow } from "@/lib/validation/wallet";
import { hideTransaction } from "@/lib/wallet/admin";

export const dynamic = "force-dynamic";

export const DELETE = withAdmin<{ id: string }>(
  async ({ params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    return hideTransaction({ adminId: user.id, id, ip, requestId });
  },
  { permission: "transaction.hide", target: "transaction-owner" },
);
