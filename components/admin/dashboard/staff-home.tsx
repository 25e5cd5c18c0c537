"use client";

/**
 * /admin for a console role without the dashboard's figures (`dashboard.read`): SUPPORT and COMPLIANCE.
 * It names the role and lists the screens the role opens — the same links as the menu (./shell.tsx), so nothing
 * here is offered that the pages would refuse.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useAdmin } from "@/components/admin/admin-context";
import { visibleLinks } from "@/components/admin/shell";
import { PageHeader } from "@/components/admin/kit/table";

export function StaffHome() {
  const t = useTranslations("StaffRoles.home");
  const ts = useTranslations("Admin.shell");
  const me = useAdmin();
  const links = visibleLinks(me.role).filter(([href]) => href !== "/admin");
  const roleName = ts.has(`role.${me.role}`) ? ts(`role.${me.role}`) : me.role;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="text-sm text-gray-700 break-keep">{t("intro", { role: roleName })}</p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3">
        {links.map(([href, key]) => (
          <li key={href}>
            <Link
              href={href}
              className="flex min-h-12 items-center rounded-2xl border border-gray-200 bg-white p-4 font-semibold break-keep hover:border-gray-400 focus-visible:outline-2 focus-visible:outline-accent"
            >
              {ts(`links.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm text-gray-600 break-keep">{t("note")}</p>
    </div>
  );
}
