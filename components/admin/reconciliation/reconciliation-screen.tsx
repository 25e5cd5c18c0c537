"use client";

/**
 * /admin/reconciliation — `정산 대사`: per coin, what members are owed (holding + staked + held +
 * rewards) against the system accounts, and every invariant of `npm run ledger:check` with its state, as
 * GET /api/admin/reconciliation computes them from the same queries. Anything that disagrees is red. Below, the
 * books against the outside: per network what was paid with proof on chain against what the ledger paid, and what
 * is in transit; the KRW the bank statements matched against the deposits credited; in red, what is stuck longer
 * than STUCK_HOURS and the statement lines waiting for a person.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useErrorText } from "@/components/admin/kit/dialog";
import { fmtWld, kstDateTime } from "@/components/admin/kit/format";
import { type Column, DataTable, PageHeader } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import type { Outside } from "@/lib/admin/reconciliation-outside";
import { api } from "@/lib/client/api";
import { OutsideSection, State } from "./reconciliation-outside";

type Kinds<K extends string> = Record<K, string>;
type Coin = {
  coin: string;
  members: Kinds<"holding" | "staked" | "held" | "rewards">;
  owed: string;
  system: Kinds<"external" | "fees" | "airdrop" | "rewards_pool" | "adjustments" | "payouts">;
  systemTotal: string;
  difference: string;
  ok: boolean;
};
type Invariant = { key: string; invariant: string; ok: boolean; details: string[] };
type Data = { ok: boolean; checkedAt: string; coins: Coin[]; invariants: Invariant[]; outside?: Outside };

export function ReconciliationScreen() {
  const t = useTranslations("AdminOps.reconciliation");
  const locale = useLocale();
  const errorText = useErrorText();
  const q = useQuery({
    queryKey: ["admin-ops", "reconciliation"],
    queryFn: () => api<Data>("/api/admin/reconciliation"),
  });
  const w = (v: string) => fmtWld(v, locale, true);
  const coins = q.data?.coins ?? [];
  const invariants = q.data?.invariants ?? [];
  const columns: Column<Coin>[] = [
    {
      key: "coin",
      header: t("col.coin"),
      rowHeader: true,
      cellAttrs: { className: "text-left font-semibold" },
      cell: (c) => c.coin,
    },
    ...(["holding", "staked", "held", "rewards"] as const).map(
      (k): Column<Coin> => ({ key: k, header: t(`col.${k}`), align: "end", cell: (c) => w(c.members[k]) }),
    ),
    {
      key: "owed",
      header: t("col.owed"),
      align: "end",
      cellAttrs: { className: "font-semibold" },
      cell: (c) => w(c.owed),
    },
    {
      key: "system",
      header: t("col.system"),
      align: "end",
      cellAttrs: (c) => ({ title: t("systemDetail", c.system) }),
      cell: (c) => w(c.systemTotal),
    },
    {
      key: "difference",
      header: t("col.difference"),
      align: "end",
      cellAttrs: (c) => ({ className: c.ok ? "" : "font-bold text-rose-700" }),
      cell: (c) => w(c.difference),
    },
    { key: "state", header: t("col.state"), cell: (c) => <State ok={c.ok} good={t("ok")} bad={t("bad")} /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <Button size="sm" variant="secondary" loading={q.isFetching} onClick={() => void q.refetch()}>
          {t("refresh")}
        </Button>
      </PageHeader>
      <p className="max-w-3xl break-keep text-sm text-gray-600">{t("intro")}</p>
      {q.data && (
        <div
          role="status"
          data-testid="reconciliation-summary"
          className={`flex flex-wrap items-center gap-2 rounded-xl border px-4 py-3 text-sm font-semibold ${
            q.data.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-rose-300 bg-rose-50 text-rose-900"
          }`}
        >
          <State ok={q.data.ok} good={t("ok")} bad={t("bad")} />
          <span>{q.data.ok ? t("allGood") : t("problem")}</span>
          <span className="font-normal text-gray-600">{t("checkedAt", { at: kstDateTime(q.data.checkedAt) })}</span>
        </div>
      )}

      <h2 className="text-base font-bold">{t("coins")}</h2>
      {/* A phone reads each coin as a card (the totals and the state first); the full table from 640 px. */}
      <ul className="flex flex-col gap-2 sm:hidden" aria-label={t("coins")}>
        {coins.map((c) => (
          <li
            key={c.coin}
            data-testid={`recon-card-${c.coin}`}
            className={`rounded-xl border p-3 text-sm ${c.ok ? "border-gray-200 bg-white" : "border-rose-300 bg-rose-50"}`}
          >
            <div className="mb-2 flex items-center justify-between">
              <strong>{c.coin}</strong>
              <State ok={c.ok} good={t("ok")} bad={t("bad")} />
            </div>
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 tabular-nums">
              {(["holding", "staked", "held", "rewards"] as const).map((k) => (
                <div key={k} className="contents text-gray-600">
                  <dt>{t(`col.${k}`)}</dt>
                  <dd className="text-right">{w(c.members[k])}</dd>
                </div>
              ))}
              <dt className="font-semibold">{t("col.owed")}</dt>
              <dd className="text-right font-semibold">{w(c.owed)}</dd>
              <dt>{t("col.system")}</dt>
              <dd className="text-right">{w(c.systemTotal)}</dd>
              <dt>{t("col.difference")}</dt>
              <dd className={`text-right ${c.ok ? "" : "font-bold text-rose-700"}`}>{w(c.difference)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <DataTable
          label={t("coins")}
          columns={columns}
          rows={coins}
          rowKey={(c) => c.coin}
          rowAttrs={(c) => ({ "data-testid": `recon-coin-${c.coin}`, className: c.ok ? "" : "bg-rose-50" })}
          query={q}
          empty={t("empty")}
          errorText={errorText}
          skeletonRows={3}
        />
      </div>

      <h2 className="text-base font-bold">{t("invariants")}</h2>
      {q.isPending ? (
        <div aria-hidden="true" className="skeleton h-40 rounded-xl" />
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
          {invariants.map((i) => (
            <li
              key={i.key}
              data-testid={`recon-invariant-${i.key}`}
              className={`flex flex-col gap-1 px-4 py-3 ${i.ok ? "" : "bg-rose-50"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium break-keep" title={i.invariant}>
                  {t.has(`inv.${i.key}`) ? t(`inv.${i.key}`) : i.invariant}
                </span>
                <State ok={i.ok} good={t("ok")} bad={t("bad")} />
              </div>
              {i.details.length > 0 && (
                <ul className="list-disc pl-5 font-mono text-xs break-all text-rose-800">
                  {i.details.slice(0, 20).map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}

      {q.data?.outside && <OutsideSection data={q.data.outside} />}
    </div>
  );
}
