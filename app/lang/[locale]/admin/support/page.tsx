// /admin/support — 1:1 문의. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { SupportScreen } from "@/components/admin/support/support-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("support.read");
  return (
    <Suspense>
      <SupportScreen />
    </Suspense>
  );
}
