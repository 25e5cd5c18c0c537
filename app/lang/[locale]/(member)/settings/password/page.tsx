import { redirect } from "next/navigation";
import { ForcedPasswordChange } from "@/components/member/settings/forced-password-change";
import { memberOfRequest } from "@/components/providers/member-prefetch";

export const dynamic = "force-dynamic";

/**
 * 새 비밀번호 설정: where a member signed in with a reset's temporary password is kept (the member and admin
 * layouts send them here; every API call but the change answers 403 PASSWORD_CHANGE_REQUIRED). Anyone else
 * changes their password from Settings.
 */
export default async function ForcedPasswordPage() {
  const user = await memberOfRequest();
  if (!user?.passwordChangeRequired) redirect("/settings");
  return <ForcedPasswordChange />;
}
