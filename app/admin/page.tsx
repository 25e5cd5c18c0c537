// /admin — dashboard placeholder (spec §2). middleware.ts redirects non-admins early; this page checks
// the session itself too (middleware is not a boundary). The admin screens come in a later issue.
import { getTranslations } from "next-intl/server";
import { LogoutButton } from "@/components/auth/logout-button";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function AdminDashboardPage() {
  const user = await currentUserWith("console.open");
  const t = await getTranslations("Auth.admin");
  return (
    <main className="flex min-h-dvh flex-col gap-6 p-6">
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <LogoutButton size="sm" redirectTo="/login" />
      </header>
      <section className="flex flex-col gap-2 rounded-2xl bg-gray-50 p-5">
        <p className="font-semibold">{t("welcome", { userId: user.userId })}</p>
        <p className="text-sm text-gray-600">{t("role", { role: user.role })}</p>
        <p className="text-sm text-gray-600">{t("placeholder")}</p>
      </section>
    </main>
  );
}
