// POST /api/admin/proposals/{id}/reject { note } — rejects a pending proposal; nothing is applied. 200 { proposal }
// (REJECTED, with the note). No note → 400 REASON_REQUIRED; decided already → 409 INVALID_STATE; older than 72
// hours → 409 EXPIRED; without the change's own permission → 403; unknown → 404. The proposer may withdraw
// their own proposal this way.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { rejectProposal } from "@/lib/admin/proposal-decisions";
import { rejectSchema } from "@/lib/validation/proposals";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    const { note } = await readJson(req, rejectSchema);
    return { proposal: await rejectProposal(id, note, { user, req, ip, requestId }) };
  },
  { permission: "proposals.decide" },
);
