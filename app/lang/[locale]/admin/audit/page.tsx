// /admin/audit — 감사 로그. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { AuditScreen } from "@/components/admin/audit/audit-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("audit.read");
  return (
    <Suspense>
      <AuditScreen />
    </Suspense>
  );
}
