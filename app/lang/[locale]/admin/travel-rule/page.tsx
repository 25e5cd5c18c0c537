// /admin/travel-rule — 트래블룰 기록: a KST day's Travel Rule records with their JSON and CSV downloads. The page
// checks the session itself (middleware is not a boundary); every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { TravelRuleScreen } from "@/components/admin/travel-rule/travel-rule-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("travel-rule.read");
  return (
    <Suspense>
      <TravelRuleScreen />
    </Suspense>
  );
}
