// /admin/signup-codes — 추천인 코드 (issue 11 item 5). The page checks the session itself; editing a member's
// code is offered to a SUPERADMIN only (a hint: PATCH /api/admin/users/{id}/ref-code decides on the server).
import { Suspense } from "react";
import { SignupCodesScreen } from "@/components/admin-ops/signup-codes-screen";
import { currentUserWith } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export default async function Page() {
  const user = await currentUserWith("console.open");
  return (
    <Suspense>
      <SignupCodesScreen canEdit={can(user.role, "member.ref-code")} />
    </Suspense>
  );
}
