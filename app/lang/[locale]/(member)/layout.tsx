/**
 * Shared chrome of the member screens: the session is read on the server (the cookie, not
 * localStorage), guests are sent to /login, and the member's handle and role reach the client
 * through MemberProvider. Every API call still authorizes itself.
 */
import { redirect } from "next/navigation";
import { BottomTabs } from "@/components/member/bottom-tabs";
import { MemberProvider } from "@/components/member/member-context";
import { AreaProviders } from "@/components/providers/area-providers";
import { memberOfRequest } from "@/components/providers/member-prefetch";
import { ToastProvider } from "@/components/ui/toast";
import { loginPathHere } from "@/lib/auth/redirect-to-login";

export const dynamic = "force-dynamic";

export default async function MemberLayout({ children }: { children: React.ReactNode }) {
  const user = await memberOfRequest();
  if (!user) redirect(await loginPathHere());
  return (
    <AreaProviders area="member">
      <MemberProvider member={{ userId: user.userId, name: user.name, role: user.role, idStatus: user.idStatus }}>
        <ToastProvider>
          <div className="flex min-h-dvh flex-col">
            <div className="flex-1 pb-20">{children}</div>
            <BottomTabs />
          </div>
        </ToastProvider>
      </MemberProvider>
    </AreaProviders>
  );
}
