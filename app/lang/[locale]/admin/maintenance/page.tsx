// /admin/maintenance — 점검 관리: pause and resume features for maintenance. The page checks the session itself
// (middleware is not a boundary); every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { MaintenanceScreen } from "@/components/admin/maintenance/maintenance-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("maintenance.manage");
  return (
    <Suspense>
      <MaintenanceScreen />
    </Suspense>
  );
}
