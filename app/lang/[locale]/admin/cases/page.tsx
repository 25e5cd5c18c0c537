// /admin/cases — 이상거래 심사: the fraud cases with their report deadline, one case (?id=) with its decision, and the
// fraud rules' parameters. The page checks the session itself (middleware is not a boundary); every API call the
// screen makes authorizes itself again.
import { Suspense } from "react";
import { CasesScreen } from "@/components/admin/cases/cases-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("cases.read");
  return (
    <Suspense>
      <CasesScreen />
    </Suspense>
  );
}
