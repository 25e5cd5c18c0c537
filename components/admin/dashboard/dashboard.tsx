"use client";

/**
 * /admin: the figures of GET /api/admin/dashboard as cards, each a link to its list, and sign-ups per day for
 * the last 30 KST days. Skeletons while loading.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { api } from "@/lib/client/api";
import { useAdmin } from "@/components/admin/admin-context";
import { linkVisible } from "@/components/admin/shell";
import { SignupsChart } from "./signups-chart";
import { fmtCount, fmtWld } from "@/components/admin/kit/format";
import { PageHeader } from "@/components/admin/kit/table";

type Dashboard = {
  members: { total: number; newToday: number };
  idDocumentsPending: number;
  pendingRequests: { DEPOSIT: number; WITHDRAW: number; TRANSFER: number };
  wldOwed: { holding: string; staked: string; held: string; rewards: string };
  signups: { day: string; count: number }[];
};

function Card({ href, label, value, unit }: { href: string; label: string; value: string | undefined; unit?: string }) {
  // A card links to its list only for a role that opens that screen (FINANCE sees the figures, not every list).
  const me = useAdmin();
  const linked = linkVisible(href.split("?")[0] ?? href, me.role);
  const Box = ({ children }: { children: React.ReactNode }) =>
    linked ? (
      <Link
        href={href}
        className="flex flex-col gap-1 rounded-2xl border border-gray-200 bg-white p-4 hover:border-gray-400 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {children}
      </Link>
    ) : (
      <div className="flex flex-col gap-1 rounded-2xl border border-gray-200 bg-white p-4">{children}</div>
    );
  return (
    <Box>
      <span className="text-sm text-gray-600 break-keep">{label}</span>
      {value === undefined ? (
        <span aria-hidden="true" className="skeleton h-7 w-20" />
      ) : (
        <span className="text-2xl font-bold tabular-nums">
          {value}
          {unit && <span className="ml-1 text-sm font-semibold text-gray-600">{unit}</span>}
        </span>
      )}
    </Box>
  );
}

export function AdminDashboard() {
  const t = useTranslations("Admin.dashboard");
  const locale = useLocale();
  const q = useQuery({ queryKey: ["admin", "dashboard"], queryFn: () => api<Dashboard>("/api/admin/dashboard") });
  const d = q.data;
  const n = (v: number | undefined) => (v === undefined ? undefined : fmtCount(v, locale));
  const w = (v: string | undefined) => (v === undefined ? undefined : fmtWld(v, locale));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} />
      {q.isError && (
        <p role="alert" className="text-sm text-rose-600">
          {t("loadFailed")}{" "}
          <button type="button" className="underline" onClick={() => void q.refetch()}>
            {t("retry")}
          </button>
        </p>
      )}
      <section aria-labelledby="dash-members" className="flex flex-col gap-3">
        <h2 id="dash-members" className="font-semibold">
          {t("membersSection")}
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Card href="/admin/members" label={t("membersTotal")} value={n(d?.members.total)} />
          <Card href="/admin/members" label={t("membersToday")} value={n(d?.members.newToday)} />
          <Card href="/admin/id-reviews" label={t("idPending")} value={n(d?.idDocumentsPending)} />
        </div>
      </section>
      <section aria-labelledby="dash-requests" className="flex flex-col gap-3">
        <h2 id="dash-requests" className="font-semibold">
          {t("requestsSection")}
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Card
            href="/admin/deposits?type=DEPOSIT&status=PENDING"
            label={t("pendingDeposit")}
            value={n(d?.pendingRequests.DEPOSIT)}
          />
          <Card
            href="/admin/deposits?type=WITHDRAW&status=PENDING"
            label={t("pendingWithdraw")}
            value={n(d?.pendingRequests.WITHDRAW)}
          />
          <Card
            href="/admin/deposits?type=TRANSFER&status=PENDING"
            label={t("pendingTransfer")}
            value={n(d?.pendingRequests.TRANSFER)}
          />
        </div>
      </section>
      <section aria-labelledby="dash-owed" className="flex flex-col gap-3">
        <h2 id="dash-owed" className="font-semibold break-keep">
          {t("owedSection")}
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Card href="/admin/members" label={t("owedHolding")} value={w(d?.wldOwed.holding)} unit="WLD" />
          <Card href="/admin/staking-progress" label={t("owedStaked")} value={w(d?.wldOwed.staked)} unit="WLD" />
          <Card href="/admin/deposits?status=PENDING" label={t("owedHeld")} value={w(d?.wldOwed.held)} unit="WLD" />
          <Card href="/admin/staking-rewards" label={t("owedRewards")} value={w(d?.wldOwed.rewards)} unit="WLD" />
        </div>
      </section>
      <SignupsChart days={d?.signups} />
    </div>
  );
}
