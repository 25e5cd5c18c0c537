// Every /admin/* page: the session is checked here on the server (and again by each page and every API call;
// middleware is not a boundary), then the console's frame — the `관리자 메뉴` navigation and the page.
import { AdminProvider } from "@/components/admin/admin-context";
import { AdminShell } from "@/components/admin/shell";
import { AreaProviders } from "@/components/providers/area-providers";
import { ToastProvider } from "@/components/ui/toast";
import { redirect } from "next/navigation";
import { currentUserWith } from "@/lib/auth/current-user";
import { loginPathHere } from "@/lib/auth/redirect-to-login";
import { adminTwoFactorRequired } from "@/lib/env";
import { PASSWORD_CHANGE_PATH } from "@/lib/next-path";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUserWith("console.open");
  // A reset's temporary password: every API call answers 403 PASSWORD_CHANGE_REQUIRED until it is changed.
  if (user.passwordChangeRequired) redirect(PASSWORD_CHANGE_PATH);
  // ADMIN_2FA=required: every admin API call would answer 403 TWO_FACTOR_SETUP_REQUIRED unless this session passed
  // two-factor: enrol first, or (already enrolled, a password-only session) sign in again with a code.
  if (adminTwoFactorRequired() && !(user.twoFactor && user.twoFactorSession))
    redirect(user.twoFactor ? await loginPathHere() : "/settings/two-factor?required=admin");
  return (
    <AdminProvider admin={{ id: user.id, userId: user.userId, role: user.role }}>
      <ToastProvider>
        <AreaProviders area="admin">
          <AdminShell>{children}</AdminShell>
        </AreaProviders>
      </ToastProvider>
    </AdminProvider>
  );
}
