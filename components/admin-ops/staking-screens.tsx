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
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { kstDateTime, kstDay, wld } from "./format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/ui/admin-dialog";
import { Pager } from "@/components/admin/ui/pager";
import { PageHeader, QueryRows, TableBox, Truncated, td, tdNum, th, thNum } from "@/components/admin/ui/table";
import { FilterField } from "./ops-ui";
import { useUrlState } from "./url-state";
import { refreshQueries } from "@/lib/client/refresh";

type Page<T> = { items: T[]; total: number };
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
  const COLS = 7;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.member")}</th>
            <th className={th}>{t("col.coin")}</th>
            <th className={thNum}>{t("col.amount")}</th>
            <th className={thNum}>{t("col.rate")}</th>
            <th className={thNum}>{t("col.dailyReward")}</th>
            <th className={thNum}>{t("col.accrued")}</th>
            <th className={th}>{t("col.lockEnd")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => (
              <tr key={`${r.id}-${r.coinSymbol}`}>
                <td className={td}>
                  <span className="font-medium">{r.userId}</span>
                  <Truncated text={r.name} max="max-w-[8rem]" className="ml-1 text-xs text-gray-600" />
                </td>
                <td className={td}>{r.coinSymbol}</td>
                <td className={tdNum}>{wld(r.amount, locale)}</td>
                <td className={tdNum}>{r.rate}%</td>
                <td className={tdNum}>{wld(r.dailyReward, locale, true)}</td>
                <td className={tdNum}>{wld(r.accrued, locale, true)}</td>
                <td className={td}>
                  {kstDateTime(r.lockEnd)}
                  {r.secondsToLockEnd <= 0 && <span className="ml-1 text-xs text-emerald-700">{t("released")}</span>}
                </td>
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>
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
  const COLS = 5;
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
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.createdAt")}</th>
            <th className={th}>{t("col.member")}</th>
            <th className={th}>{t("col.kind")}</th>
            <th className={th}>{t("col.coin")}</th>
            <th className={thNum}>{t("col.amount")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => (
              <tr key={r.id}>
                <td className={td}>{kstDateTime(r.createdAt)}</td>
                <td className={td}>
                  <span className="font-medium">{r.userId}</span>
                  <Truncated text={r.name} max="max-w-[8rem]" className="ml-1 text-xs text-gray-600" />
                </td>
                <td className={td}>
                  {r.amount.startsWith("-") ? t("kind.withdraw") : t("kind.swap")}
                  {r.hidden && <span className="ml-1 text-xs text-gray-600">{t("hidden")}</span>}
                </td>
                <td className={td}>{r.coinSymbol}</td>
                <td className={`${tdNum} ${r.amount.startsWith("-") ? "text-rose-700" : ""}`}>
                  {wld(r.amount, locale, true)}
                </td>
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>
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
  /** The day had been paid before: nothing paid, its completion time (finishedAt) unchanged (issue 29 item 12). */
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
        : t("paidToast", { day: d, members, total: wld(total, locale, true) });
    setLastRun({ text: message, paid: members > 0 });
    setOpen(false);
    toast(message, { kind: members > 0 ? "success" : "info" });
    await refreshQueries(qc, { queryKey: ["admin-ops", "staking-rewards"] });
  }

  const items = list.data?.items ?? [];
  const COLS = 4;
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
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.day")}</th>
            <th className={thNum}>{t("col.members")}</th>
            <th className={thNum}>{t("col.total")}</th>
            <th className={th}>{t("col.finishedAt")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => (
              <tr key={r.day} data-testid={`reward-day-${r.day}`}>
                <td className={td}>{r.day}</td>
                <td className={tdNum}>{r.membersPaid.toLocaleString()}</td>
                <td className={tdNum}>{wld(r.totalPaid, locale, true)}</td>
                <td className={td}>{kstDateTime(r.finishedAt)}</td>
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>
      {list.data && <Pager page={page} total={list.data.total} limit={REWARD_LIMIT} onPage={(p) => set({ page: p })} />}
      {open && (
        <AdminDialog open title={t("run")} onClose={() => setOpen(false)} onConfirm={run}>
          <p className="text-sm break-keep">{t("runHint")}</p>
          <Input label={t("day")} type="date" value={day} max={kstDay(1)} onChange={(e) => setDay(e.target.value)} />
        </AdminDialog>
      )}
    </div>
  );
}
