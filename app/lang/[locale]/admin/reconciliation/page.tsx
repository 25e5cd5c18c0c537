// /admin/reconciliation — 정산 대사: per coin what members are owed against the system accounts,
// and every ledger:check invariant, from GET /api/admin/reconciliation. The page checks the session itself.
import { ReconciliationScreen } from "@/components/admin/reconciliation/reconciliation-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("reconciliation.read");
  return <ReconciliationScreen />;
}
