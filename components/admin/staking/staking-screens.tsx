"use client";

/**
 * The staking reports: /admin/staking-progress (each stake with its rate and accrued rewards),
 * /admin/staking-records (swaps in, withdrawals out; by member and KST dates) and /admin/staking-rewards
 * (paid rewards per KST day, and `지급 실행` for an ended day — idempotent like the cron run: a paid day pays
 * nothing again).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { fmtWld, kstDateTime, kstDay } from "@/components/admin/kit/format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader, timeColumn, Truncated } from "@/components/admin/kit/table";
import { Field, FilterField } from "@/components/admin/kit/fields";
import { useUrlState } from "@/components/admin/kit/url-state";
import { refreshQueries } from "@/lib/client/refresh";

type Page<T> = { items: T[]; total: number };

/** A member in a report row: the login ID, the name cut short beside it. */
function Member({ userId, name }: { userId: string; name: string }) {
  return (
    <>
      <span className="font-medium">{userId}</span>
      <Truncated text={name} max="max-w-[8rem]" className="ml-1 text-xs text-gray-600" />
    </>
  );
}
const LIMIT = 20;

type Progress = {
  id: number;
  userId: string;
  name: string;
  coinSymbol: string;
  amount: string;
  rate: string;
  dailyReward: string;
  accrued: string;
  lockEnd: string;
  secondsToLockEnd: number;
};

export function StakingProgressScreen() {
  const t = useTranslations("AdminOps.progress");
  const locale = useLocale();
  const errorText = useErrorText();
  const { page, set, query } = useUrlState([] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "staking-progress", page],
    queryFn: () => api<Page<Progress>>(`/api/admin/staking/progress?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const progressColumns: Column<Progress>[] = [
    { key: "member", header: t("col.member"), cell: (r) => <Member userId={r.userId} name={r.name} /> },
    { key: "coin", header: t("col.coin"), cell: (r) => r.coinSymbol },
    { key: "amount", header: t("col.amount"), align: "end", cell: (r) => fmtWld(r.amount, locale) },
    { key: "rate", header: t("col.rate"), align: "end", cell: (r) => `${r.rate}%` },
    { key: "daily", header: t("col.dailyReward"), align: "end", cell: (r) => fmtWld(r.dailyReward, locale, true) },
    { key: "accrued", header: t("col.accrued"), align: "end", cell: (r) => fmtWld(r.accrued, locale, true) },
    {
      key: "lockEnd",
      header: t("col.lockEnd"),
      cell: (r) => (
        <>
          {kstDateTime(r.lockEnd)}
          {r.secondsToLockEnd <= 0 && <span className="ml-1 text-xs text-emerald-700">{t("released")}</span>}
        </>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <DataTable
        label={t("title")}
        columns={progressColumns}
        rows={items}
        rowKey={(r) => `${r.id}-${r.coinSymbol}`}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
    </div>
  );
}

type StakingRecord = {
  id: number;
  memberId: number;
  userId: string;
  name: string;
  coinSymbol: string;
  amount: string;
  createdAt: string;
  hidden: boolean;
};

export function StakingRecordsScreen() {
  const t = useTranslations("AdminOps.records");
  const locale = useLocale();
  const errorText = useErrorText();
  const { values, page, set, query } = useUrlState(["member", "from", "to"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "staking-records", values.member, values.from, values.to, page],
    queryFn: () => api<Page<StakingRecord>>(`/api/admin/staking/records?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const recordColumns: Column<StakingRecord>[] = [
    timeColumn("at", t("col.createdAt"), (r) => r.createdAt),
    { key: "member", header: t("col.member"), cell: (r) => <Member userId={r.userId} name={r.name} /> },
    {
      key: "kind",
      header: t("col.kind"),
      cell: (r) => (
        <>
          {r.amount.startsWith("-") ? t("kind.withdraw") : t("kind.swap")}
          {r.hidden && <span className="ml-1 text-xs text-gray-600">{t("hidden")}</span>}
        </>
      ),
    },
    { key: "coin", header: t("col.coin"), cell: (r) => r.coinSymbol },
    {
      key: "amount",
      header: t("col.amount"),
      align: "end",
      cellAttrs: (r) => ({ className: r.amount.startsWith("-") ? "text-rose-700" : "" }),
      cell: (r) => fmtWld(r.amount, locale, true),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <FilterField
          label={t("member")}
          value={values.member}
          onCommit={(v) => set({ member: v })}
          className="col-span-2 sm:w-48"
        />
        <FilterField label={t("from")} type="date" value={values.from} onCommit={(v) => set({ from: v })} />
        <FilterField label={t("to")} type="date" value={values.to} onCommit={(v) => set({ to: v })} />
      </div>
      <DataTable
        label={t("title")}
        columns={recordColumns}
        rows={items}
        rowKey={(r) => r.id}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
    </div>
  );
}

type RewardDay = {
  day: string;
  membersPaid: number;
  totalPaid: string;
  startedAt: string | null;
  finishedAt: string | null;
};
type RunResult = {
  days?: { day: string; membersPaid: number; totalPaid: string; alreadyPaid?: boolean }[];
  membersPaid?: number;
  totalPaid?: string;
  /** The day had been paid before: nothing paid, its completion time (finishedAt) unchanged. */
  alreadyPaid?: boolean;
  finishedAt?: string | null;
};
const REWARD_LIMIT = 30;

export function StakingRewardsScreen() {
  const t = useTranslations("AdminOps.rewards");
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const { page, set, query } = useUrlState([] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "staking-rewards", page],
    queryFn: () => api<Page<RewardDay>>(`/api/admin/staking/rewards?${query({ limit: REWARD_LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState("");
  const [lastRun, setLastRun] = useState<{ text: string; paid: boolean } | null>(null);

  async function run(memo: string) {
    const d = day.trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new InputProblem(t("dayInvalid"));
    if (d >= kstDay(0)) throw new InputProblem(t("dayNotEnded"));
    const r = await api<RunResult>("/api/admin/staking/rewards/run", {
      method: "POST",
      body: { date: d },
      headers: memoHeaders(memo),
    });
    const members = r.membersPaid ?? r.days?.reduce((n, x) => n + x.membersPaid, 0) ?? 0;
    const total = r.totalPaid ?? "0";
    // A day paid before is information, not a success: nothing was paid and its completion time stands.
    const message = r.alreadyPaid
      ? t("alreadyPaid", { day: d, finishedAt: r.finishedAt ? kstDateTime(r.finishedAt) : "—" })
      : members === 0
        ? t("nothingPaid", { day: d })
        : t("paidToast", { day: d, members, total: fmtWld(total, locale, true) });
    setLastRun({ text: message, paid: members > 0 });
    setOpen(false);
    toast(message, { kind: members > 0 ? "success" : "info" });
    await refreshQueries(qc, { queryKey: ["admin-ops", "staking-rewards"] });
  }

  const items = list.data?.items ?? [];
  const rewardColumns: Column<RewardDay>[] = [
    { key: "day", header: t("col.day"), cell: (r) => r.day },
    { key: "members", header: t("col.members"), align: "end", cell: (r) => r.membersPaid.toLocaleString() },
    { key: "total", header: t("col.total"), align: "end", cell: (r) => fmtWld(r.totalPaid, locale, true) },
    timeColumn("finishedAt", t("col.finishedAt"), (r) => r.finishedAt),
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <Button
          size="sm"
          onClick={() => {
            setDay(kstDay(1));
            setOpen(true);
          }}
        >
          {t("run")}
        </Button>
      </PageHeader>
      {lastRun && (
        <p
          role="status"
          data-testid="reward-run-result"
          data-kind={lastRun.paid ? "success" : "info"}
          className={`rounded-lg border px-3 py-2 text-sm break-keep ${lastRun.paid ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-sky-200 bg-sky-50 text-sky-950"}`}
        >
          {lastRun.text}
        </p>
      )}
      <DataTable
        label={t("title")}
        columns={rewardColumns}
        rows={items}
        rowKey={(r) => r.day}
        rowAttrs={(r) => ({ "data-testid": `reward-day-${r.day}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={REWARD_LIMIT} onPage={(p) => set({ page: p })} />}
      {open && (
        <AdminDialog open title={t("run")} onClose={() => setOpen(false)} onConfirm={run}>
          <p className="text-sm break-keep">{t("runHint")}</p>
          <Field label={t("day")} type="date" value={day} max={kstDay(1)} onChange={setDay} />
        </AdminDialog>
      )}
    </div>
  );
}
