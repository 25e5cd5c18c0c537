"use client";

/**
 * The console's frame for every /admin/* page: the `관리자 메뉴` navigation (a sidebar from 1024 px, a menu
 * button opening it on a phone) with the screens, the administrator's own referral code (copy, change),
 * the language switch and `로그아웃`; the page itself in <main>.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { LanguageSwitch } from "@/components/auth/language-switch";
import { LogoutButton } from "@/components/auth/logout-button";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { can, type Permission } from "@/lib/auth/permissions";
import { ApiError, api } from "@/lib/client/api";
import { useAdmin } from "./admin-context";
import { AdminDialog, InputProblem } from "@/components/admin/kit/dialog";
import { Field } from "@/components/admin/kit/fields";
import { useWaiting, WaitingBadge, type WaitingKey } from "./waiting";

/**
 * The menu: each screen's address, its message key, and the permission that opens it (lib/auth/permissions.ts;
 * the page refuses any other role on the server as well). Staff roles see the screens their permissions open.
 */
const LINKS = [
  ["/admin", "dashboard", "console.open"],
  ["/admin/members", "members", "members.list"],
  ["/admin/deposits", "deposits", "requests.list"],
  ["/admin/deposits/bank", "bankStatements", "request.decide"],
  ["/admin/destinations", "destinations", "destinations.read"],
  ["/admin/travel-rule", "travelRule", "travel-rule.read"],
  ["/admin/id-reviews", "idReviews", "id-documents.list"],
  ["/admin/signup-codes", "signupCodes", "signup-codes.manage"],
  ["/admin/staking-products", "stakingProducts", "staking-products.manage"],
  ["/admin/staking-progress", "stakingProgress", "staking-reports.read"],
  ["/admin/staking-records", "stakingRecords", "staking-reports.read"],
  ["/admin/staking-rewards", "stakingRewards", "staking-rewards.run"],
  ["/admin/audit", "audit", "audit.read"],
  ["/admin/approvals", "approvals", "proposals.read"],
  ["/admin/reconciliation", "reconciliation", "reconciliation.read"],
  ["/admin/support", "support", "support.read"],
  ["/admin/notices", "notices", "notices.manage"],
  ["/admin/maintenance", "maintenance", "maintenance.manage"],
  ["/admin/cases", "cases", "cases.read"],
] as const satisfies readonly (readonly [string, string, Permission])[];

const LINK_PERMISSION: ReadonlyMap<string, Permission> = new Map(
  LINKS.map(([href, , permission]) => [href, permission]),
);

/** Whether `role` may open the console screen at `href` (a path without its query); an unknown path is not. */
export function linkVisible(href: string, role: string): boolean {
  const permission = LINK_PERMISSION.get(href);
  return permission !== undefined && can(role, permission);
}

/** The menu's links `role` sees, as [href, message key] (the console's home for staff lists them too). */
export const visibleLinks = (role: string): (readonly [string, string])[] =>
  LINKS.filter(([href]) => linkVisible(href, role)).map(([href, key]) => [href, key] as const);

/** The links whose queue length the sidebar shows (GET /api/admin/waiting). */
const WAITING_OF: Partial<Record<(typeof LINKS)[number][1], WaitingKey>> = {
  deposits: "requests",
  idReviews: "idReviews",
  approvals: "approvals",
};

/** Copies text: the Clipboard API, or a hidden textarea where it is unavailable (plain http). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {}
  const el = document.createElement("textarea");
  el.value = text;
  el.setAttribute("readonly", "");
  el.style.position = "fixed";
  el.style.opacity = "0";
  document.body.appendChild(el);
  el.select();
  const ok = document.execCommand("copy");
  el.remove();
  if (!ok) throw new Error("copy failed");
}

type MyProfile = { refCode: string };

export function AdminShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations("Admin.shell");
  const te = useTranslations("Errors");
  const me = useAdmin();
  const pathname = usePathname();
  const toast = useToast();
  const qc = useQueryClient();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const [code, setCode] = useState("");

  // A phone's menu closes once a link was followed.
  useEffect(() => setMenuOpen(false), [pathname]);

  const profile = useQuery({
    queryKey: ["admin", "me", me.userId],
    queryFn: () => api<MyProfile>(`/api/users/by-id/${encodeURIComponent(me.userId)}`),
  });
  const refCode = profile.data?.refCode ?? "";
  const waiting = useWaiting();

  async function copy() {
    if (!refCode) {
      toast(t("noRefCode"), { kind: "error" });
      return;
    }
    try {
      await copyText(refCode);
      toast(t("refCodeCopied", { code: refCode }), { kind: "success", durationMs: 2000 });
    } catch {
      toast(t("copyFailed"), { kind: "error" });
    }
  }

  async function change() {
    const value = code.trim();
    if (!value) throw new InputProblem(te("REFCODE_REQUIRED"));
    const r = await api<{ refCode: string }>(`/api/users/by-id/${encodeURIComponent(me.userId)}/refcode`, {
      method: "PATCH",
      body: { refCode: value },
    });
    qc.setQueryData(["admin", "me", me.userId], (old: MyProfile | undefined) => ({ ...old, refCode: r.refCode }));
    setChanging(false);
    toast(t("refCodeChanged", { code: r.refCode }), { kind: "success" });
  }

  // The longest link that prefixes the path is the current one (/admin/deposits/bank is not /admin/deposits).
  const links = LINKS.filter(([href]) => linkVisible(href, me.role));
  const current = links
    .map(([href]) => href)
    .filter((href) =>
      href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`),
    )
    .sort((a, b) => b.length - a.length)[0];
  const isActive = (href: string) => href === current;

  return (
    <div className="admin-console flex min-h-dvh flex-col bg-gray-50 lg:flex-row">
      <nav
        aria-label={t("menu")}
        className="sticky top-0 z-30 flex flex-col border-b border-gray-200 bg-white [overflow-wrap:normal] lg:h-dvh lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0"
      >
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <button
            type="button"
            className="rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {t("menuButton")}
          </button>
          <span className="truncate font-bold">{t("brand")}</span>
          <LogoutButton size="sm" redirectTo="/login" />
        </div>
        <div
          id={menuId}
          className={`${menuOpen ? "flex" : "hidden"} max-h-[calc(100dvh-4rem)] flex-col gap-4 overflow-y-auto px-3 pb-4 lg:flex lg:max-h-none lg:flex-1`}
        >
          <ul className="flex flex-col gap-0.5">
            {links.map(([href, key]) => {
              const active = isActive(href);
              const waitingKey = WAITING_OF[key];
              return (
                <li key={href} className="relative">
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-lg py-2 pl-3 text-sm break-keep ${waitingKey ? "pr-14" : "pr-3"} ${
                      active ? "bg-gray-900 font-semibold text-white" : "text-gray-700 hover:bg-gray-100"
                    }`}
                  >
                    {t(`links.${key}`)}
                  </Link>
                  {waitingKey && <WaitingBadge kind={waitingKey} count={waiting.data?.[waitingKey]} />}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3">
            <p className="text-xs text-gray-600">
              {me.userId} · {t.has(`role.${me.role}`) ? t(`role.${me.role}`) : me.role}
            </p>
            <p className="text-sm">
              <span className="text-gray-600">{t("myRefCode")}</span>{" "}
              <strong className="font-mono" data-testid="my-refcode">
                {profile.isPending ? "…" : refCode || "—"}
              </strong>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => void copy()}>
                {t("copyRefCode")}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setCode(refCode);
                  setChanging(true);
                }}
              >
                {t("changeRefCode")}
              </Button>
            </div>
          </div>
          <div className="whitespace-nowrap">
            <LanguageSwitch />
          </div>
        </div>
      </nav>
      <main className="min-w-0 flex-1 px-4 py-5 lg:px-8 lg:py-8">{children}</main>
      <AdminDialog
        open={changing}
        title={t("changeRefCode")}
        onClose={() => setChanging(false)}
        onConfirm={change}
        memo={false}
        errorText={(e) => (e instanceof ApiError && e.code === "REFCODE_IN_USE" ? t("refCodeInUse") : null)}
      >
        <Field label={t("refCodeLabel")} value={code} onChange={setCode} autoComplete="off" />
      </AdminDialog>
    </div>
  );
}
