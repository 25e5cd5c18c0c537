/**
 * Shared chrome of the member screens: the session is read on the server (the cookie, not
 * localStorage), guests are sent to /login, and the member's handle and role reach the client
 * through MemberProvider. A member signed in with a reset's temporary password sees only the password change
 * (/settings/password, without the tabs) until it is done. Every API call still authorizes itself.
 */
import { redirect } from "next/navigation";
import { BottomTabs } from "@/components/member/bottom-tabs";
import { FrozenBanner } from "@/components/member/frozen-banner";
import { MemberProvider } from "@/components/member/member-context";
import { AreaProviders } from "@/components/providers/area-providers";
import { memberOfRequest } from "@/components/providers/member-prefetch";
import { ToastProvider } from "@/components/ui/toast";
import { headers } from "next/headers";
import { loginPathHere } from "@/lib/auth/redirect-to-login";
import { PASSWORD_CHANGE_PATH, PATH_HEADER } from "@/lib/next-path";

export const dynamic = "force-dynamic";

export default async function MemberLayout({ children }: { children: React.ReactNode }) {
  const user = await memberOfRequest();
  if (!user) redirect(await loginPathHere());
  const forced = user.passwordChangeRequired;
  const path = (await headers()).get(PATH_HEADER)?.split("?")[0] ?? "";
  if (forced && path !== PASSWORD_CHANGE_PATH) redirect(PASSWORD_CHANGE_PATH);
  return (
    <AreaProviders area="member">
      <MemberProvider member={{ userId: user.userId, name: user.name, role: user.role, idStatus: user.idStatus }}>
        <ToastProvider>
          <div className="flex min-h-dvh flex-col">
            {!forced && <FrozenBanner user={user} path={path} />}
            <div className={forced ? "flex-1" : "flex-1 pb-20"}>{children}</div>
            {!forced && <BottomTabs />}
          </div>
        </ToastProvider>
      </MemberProvider>
    </AreaProviders>
  );
}
