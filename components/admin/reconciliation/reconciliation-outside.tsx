"use client";

/**
 * /admin/reconciliation's lower half: the books against the outside — per network what was paid with proof on chain
 * against what the ledger paid, what is in transit, the KRW the bank statements matched against the deposits
 * credited — and in red what is stuck longer than STUCK_HOURS. `State` is the screen's ok/disagrees pill.
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { fmtKrw, fmtWld } from "@/components/admin/kit/format";
import { type Column, DataTable } from "@/components/admin/kit/table";
import type { Outside, StuckRequest } from "@/lib/admin/reconciliation-outside";
import { useNetworkName } from "@/components/admin/kit/words";

type Network = Outside["networks"][number];

export function State({ ok, good, bad }: { ok: boolean; good: string; bad: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
        ok ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-rose-50 text-rose-800 ring-rose-300"
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
      >
        {ok ? <path d="M3 8.5 6.5 12 13 4.5" /> : <path d="M4 4l8 8M12 4l-8 8" />}
      </svg>
      {ok ? good : bad}
    </span>
  );
}

/** The books against the chain and the bank, and what is stuck (in red). */
export function OutsideSection({ data }: { data: Outside }) {
  const t = useTranslations("AdminOps.reconciliation");
  const to = useTranslations("AdminOps.reconciliation.outside");
  const locale = useLocale();
  const networkName = useNetworkName();
  const w = (v: string) => fmtWld(v, locale, true);
  const k = data.krw;
  const figure = (key: "approved" | "sending"): Column<Network> => ({
    key,
    header: to(`col.${key}`),
    align: "end",
    cell: (n) => w(n[key]),
  });
  const columns: Column<Network>[] = [
    {
      key: "network",
      header: to("col.network"),
      rowHeader: true,
      cellAttrs: { className: "text-left font-semibold" },
      cell: (n) => networkName(n.network),
    },
    {
      key: "paidWithProof",
      header: to("col.paidWithProof"),
      align: "end",
      cell: (n) => (
        <>
          <span data-testid="paid-with-proof">{w(n.paidWithProof)}</span>
          <span className="block text-xs text-gray-600">{to("paidCount", { n: n.paidCount })}</span>
        </>
      ),
    },
    {
      key: "ledgerPaid",
      header: to("col.ledgerPaid"),
      align: "end",
      cellAttrs: { "data-testid": "ledger-paid" },
      cell: (n) => w(n.ledgerPaid),
    },
    {
      key: "difference",
      header: to("col.difference"),
      align: "end",
      cellAttrs: (n) => ({ className: n.ok ? "" : "font-bold text-rose-700" }),
      cell: (n) => w(n.difference),
    },
    figure("approved"),
    figure("sending"),
    {
      key: "inTransit",
      header: to("col.inTransit"),
      align: "end",
      cellAttrs: { "data-testid": "in-transit" },
      cell: (n) => w(n.inTransit),
    },
    { key: "state", header: to("col.state"), cell: (n) => <State ok={n.ok} good={t("ok")} bad={t("bad")} /> },
  ];
  return (
    <section aria-labelledby="recon-outside" className="flex flex-col gap-3" data-testid="recon-outside">
      <h2 id="recon-outside" className="mt-2 text-base font-bold">
        {to("title")}
      </h2>
      <p className="max-w-3xl break-keep text-sm text-gray-600">{to("intro")}</p>

      <h3 className="text-sm font-bold">{to("networks")}</h3>
      <DataTable
        label={to("networks")}
        columns={columns}
        rows={data.networks}
        rowKey={(n) => n.network}
        rowAttrs={(n) => ({ "data-testid": `recon-network-${n.network}`, className: n.ok ? "" : "bg-rose-50" })}
      />
      <ul className="flex flex-col gap-1 text-sm">
        {data.payouts.map((p) => (
          <li
            key={p.coin}
            data-testid={`recon-payouts-${p.coin}`}
            className={`flex flex-wrap items-center gap-2 ${p.ok ? "text-gray-700" : "font-semibold text-rose-800"}`}
          >
            <State ok={p.ok} good={t("ok")} bad={t("bad")} />
            {to("payouts", { coin: p.coin, balance: w(p.balance), inTransit: w(p.inTransit) })}
          </li>
        ))}
      </ul>

      <h3 className="text-sm font-bold">{to("krwTitle")}</h3>
      <div
        className={`rounded-xl border p-3 text-sm ${k.ok ? "border-gray-200 bg-white" : "border-rose-300 bg-rose-50"}`}
        data-testid="recon-krw"
      >
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums sm:max-w-xl">
          <dt>{to("krw.statementMatched")}</dt>
          <dd className="text-right" data-testid="krw-statement-matched">
            ₩{fmtKrw(k.statementMatched, locale)}{" "}
            <span className="text-xs text-gray-600">{to("lines", { n: k.statementMatchedCount })}</span>
          </dd>
          <dt className="pl-3 text-gray-600">{to("krw.awaitingCredit")}</dt>
          <dd className="text-right text-gray-600">₩{fmtKrw(k.awaitingCredit, locale)}</dd>
          <dt>{to("krw.creditedWithLine")}</dt>
          <dd className="text-right" data-testid="krw-credited-with-line">
            ₩{fmtKrw(k.creditedWithLine, locale)}
          </dd>
          <dt className="font-semibold">{to("krw.difference")}</dt>
          <dd className={`text-right ${k.ok ? "font-semibold" : "font-bold text-rose-700"}`}>
            ₩{fmtKrw(k.difference, locale)} <State ok={k.ok} good={t("ok")} bad={t("bad")} />
          </dd>
          <dt className="text-gray-700">{to("krw.creditedWithoutLine")}</dt>
          <dd className="text-right text-gray-700" data-testid="krw-credited-without-line">
            ₩{fmtKrw(k.creditedWithoutLine, locale)}{" "}
            <span className="text-xs">{to("requests", { n: k.creditedWithoutLineCount })}</span>
          </dd>
        </dl>
      </div>

      <h3 className="text-sm font-bold">{to("stuckTitle", { hours: data.stuckHours })}</h3>
      <StuckList
        testId="stuck-payouts"
        title={to("stuckPayouts")}
        items={data.stuckPayouts}
        count={data.stuckPayoutsCount}
        link={{ href: "/admin/deposits?status=APPROVED", label: to("openQueue") }}
      />
      <StuckList
        testId="stuck-deposits"
        title={to("stuckDeposits")}
        items={data.stuckDeposits}
        count={data.stuckDepositsCount}
        link={{ href: "/admin/deposits?type=DEPOSIT&status=PENDING", label: to("openQueue") }}
      />
      <div
        data-testid="review-lines"
        className={`rounded-xl border p-3 text-sm ${data.reviewCount ? "border-rose-300 bg-rose-50" : "border-gray-200 bg-white"}`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className={`font-semibold ${data.reviewCount ? "text-rose-800" : ""}`}>{to("reviewLines")}</span>
          <span className={data.reviewCount ? "font-semibold text-rose-800" : "text-gray-700"}>
            {data.reviewCount
              ? to("reviewSummary", { n: data.reviewCount, krw: fmtKrw(data.reviewKrw, locale) })
              : to("none")}
          </span>
        </div>
        {data.reviewCount > 0 && (
          <Link
            href="/admin/deposits/bank"
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 underline underline-offset-2"
          >
            {to("openBank")}
          </Link>
        )}
      </div>
    </section>
  );
}

function StuckList({
  testId,
  title,
  items,
  count,
  link,
}: {
  testId: string;
  title: string;
  items: StuckRequest[];
  count: number;
  link: { href: string; label: string };
}) {
  const to = useTranslations("AdminOps.reconciliation.outside");
  const tr = useTranslations("AdminOps.requests");
  const locale = useLocale();
  const networkName = useNetworkName();
  const bad = count > 0;
  return (
    <div
      data-testid={testId}
      data-count={count}
      className={`rounded-xl border p-3 text-sm ${bad ? "border-rose-300 bg-rose-50" : "border-gray-200 bg-white"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`font-semibold ${bad ? "text-rose-800" : ""}`}>{title}</span>
        <span className={bad ? "font-semibold text-rose-800" : "text-gray-700"}>
          {bad ? to("requests", { n: count }) : to("none")}
        </span>
      </div>
      {bad && (
        <>
          <ul className="mt-2 flex flex-col gap-1 text-rose-900">
            {items.slice(0, 10).map((r) => (
              <li key={r.id} className="break-keep tabular-nums">
                #{r.id} {tr(`type.${r.type}`)} · {r.userId} · {tr(`status.${r.status}`)} ·{" "}
                {r.type === "DEPOSIT"
                  ? `₩${fmtKrw(r.krwAmount ?? "0", locale)}${r.depositorName ? ` · ${r.depositorName}` : ""}`
                  : `${fmtWld(r.amount, locale, true)} ${r.coin}${r.network ? ` · ${networkName(r.network)}` : ""}`}{" "}
                · {to("since", { hours: r.hours })}
              </li>
            ))}
          </ul>
          {count > 10 && <p className="mt-1 text-xs text-rose-900">{to("more", { n: count - 10 })}</p>}
          <Link
            href={link.href}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 underline underline-offset-2"
          >
            {link.label}
          </Link>
        </>
      )}
    </div>
  );
}
