// POST /api/admin/proposals/{id}/approve — applies a pending proposal exactly once (lib/admin/proposals.ts):
// 200 { proposal } (APPROVED, with the ledger posting it made); an approved administrator password reset also
// answers { temporaryPassword }, made now and shown to this approver once (never stored). The proposer → 403
// SELF_APPROVAL; an account promoted, or whose password or two-factor was reset, in the last 72 hours → 403
// APPROVER_TOO_NEW { opensAt }; without the change's own permission (or on a SUPERADMIN's account as an ADMIN) →
// 403; decided or cancelled already → 409 INVALID_STATE; older than 72 hours → 409 EXPIRED (and marked so);
// unknown → 404.
import { withAdmin } from "@/lib/api/with-auth";
import { approveProposal } from "@/lib/admin/proposal-decisions";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) =>
    approveProposal(numericIdOrThrow(params.id), { user, req, ip, requestId }),
  { permission: "proposals.decide" },
);
