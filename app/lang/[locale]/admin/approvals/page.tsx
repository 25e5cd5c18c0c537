// /admin/approvals — 승인 대기: the four-eyes queue (SECURITY.md I39). The page checks the session itself
// (middleware is not a boundary); every approve and reject call authorizes itself again.
import { Suspense } from "react";
import { ApprovalsScreen } from "@/components/admin/approvals/approvals-screen";
import { currentUserWith } from "@/lib/auth/current-user";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("proposals.read");
  return (
    <Suspense>
      <ApprovalsScreen limitWld={env().FOUR_EYES_LIMIT} />
    </Suspense>
  );
}
