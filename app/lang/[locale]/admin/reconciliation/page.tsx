// /admin/reconciliation — 정산 대사 (issue 14 item 7): per coin what members are owed against the system accounts,
// and every ledger:check invariant, from GET /api/admin/reconciliation. The page checks the session itself.
import { ReconciliationScreen } from "@/components/admin-ops/reconciliation-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("reconciliation.read");
  return <ReconciliationScreen />;
}
