// /admin/members — the member list with search, pager and every member action.
// The layout and this page each check the session; every API call the screen makes authorizes itself.
import { Suspense } from "react";
import { MembersScreen } from "@/components/admin/members/members-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function AdminMembersPage() {
  await currentUserWith("members.list");
  return (
    <Suspense>
      <MembersScreen />
    </Suspense>
  );
}
