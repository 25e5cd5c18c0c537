"use client";

/**
 * /admin/travel-rule — `트래블룰 기록`: the Travel Rule records of one KST day (today's until another is picked; the
 * day and page live in the URL), oldest first, each with the sender, the recipient, the receiving exchange and its
 * Travel Rule service, the amount in WLD and KRW and the request's status now. Downloads (audited by the server): the
 * day as JSON or CSV, and each record as JSON or CSV, to submit through the exchange's Travel Rule service.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader, timeColumn, Truncated } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import type { TravelRuleRowDto } from "@/lib/travel-rule/dto";
import { api } from "@/lib/client/api";
import { StatusBadge } from "@/components/admin/requests/badges";
import { fmtKrw, fmtWld } from "@/components/admin/kit/format";
import { FilterField } from "@/components/admin/kit/fields";
import { download } from "@/components/admin/kit/buttons";
import { BeneficiaryRelation, VaspName } from "@/components/admin/requests/travel-rule-details";
import { useUrlState } from "@/components/admin/kit/url-state";
import { useNetworkName } from "@/components/admin/kit/words";

const LIMIT = 20;

type TravelRuleList = { day: string; items: TravelRuleRowDto[]; total: number };

export function TravelRuleScreen() {
  const t = useTranslations("AdminOps.travelRule");
  const tr = useTranslations("AdminOps.requests");
  const td8 = useTranslations("AdminOps.destinations");
  const networkName = useNetworkName();
  const locale = useLocale();
  const errorText = useErrorText();
  const { values, page, set, query } = useUrlState(["day"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "travel-rule", values.day, page],
    queryFn: () => api<TravelRuleList>(`/api/admin/travel-rule?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  // Without a day in the URL the server answers today's (KST, by its clock): the field shows which.
  const day = values.day || list.data?.day || "";
  const dayParam = day ? `day=${day}&` : "";
  const items = list.data?.items ?? [];
  const columns: Column<TravelRuleRowDto>[] = [
    {
      key: "request",
      header: t("col.request"),
      cell: (r) => (
        <>
          <span className="block">
            <span className="font-medium">#{r.requestId}</span>
            <span className="ml-1 text-xs text-gray-600">{tr(`type.${r.type}`)}</span>
          </span>
          <StatusBadge status={r.status} label={tr(`status.${r.status}`)} />
        </>
      ),
    },
    timeColumn("createdAt", t("col.createdAt"), (r) => r.createdAt),
    {
      key: "originator",
      header: t("col.originator"),
      cell: (r) => (
        <>
          <Truncated text={r.originator.name} max="max-w-[10rem]" className="block font-medium" />
          <span className="block text-xs text-gray-600">{t("memberNumber", { n: r.originator.memberNumber })}</span>
        </>
      ),
    },
    {
      key: "beneficiary",
      header: t("col.beneficiary"),
      cell: (r) => (
        <>
          <span className="block font-medium">{r.beneficiaryName}</span>
          <span className="block text-xs text-gray-600">
            <BeneficiaryRelation selfOwned={r.selfOwned} relationship={r.relationship} />
          </span>
        </>
      ),
    },
    {
      key: "vasp",
      header: t("col.vasp"),
      cell: (r) => (
        <>
          <span className="block">
            <VaspName exchange={r.exchange} />
          </span>
          {r.travelRulePartner && (
            <span className="block text-xs text-gray-600">
              {td8.has(`partner.${r.travelRulePartner}`) ? td8(`partner.${r.travelRulePartner}`) : r.travelRulePartner}
            </span>
          )}
        </>
      ),
    },
    {
      key: "address",
      header: t("col.address"),
      cell: (r) => (
        <>
          <span className="block">{networkName(r.network)}</span>
          <span className="block font-mono text-xs" title={r.address}>
            {r.address.length > 14 ? `${r.address.slice(0, 8)}…${r.address.slice(-4)}` : r.address}
          </span>
        </>
      ),
    },
    { key: "amount", header: t("col.amount"), align: "end", cell: (r) => fmtWld(r.amountWld, locale, true) },
    { key: "krw", header: t("col.krw"), align: "end", cell: (r) => `₩${fmtKrw(r.amountKrw, locale)}` },
    {
      key: "download",
      header: t("col.download"),
      cell: (r) => (
        <span className="inline-flex gap-1">
          {(["json", "csv"] as const).map((format) => (
            <Button
              key={format}
              size="sm"
              variant="secondary"
              aria-label={t(format === "json" ? "rowJson" : "rowCsv", { id: r.requestId })}
              onClick={() => download(`/api/admin/travel-rule/${r.requestId}?format=${format}`)}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </span>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(`/api/admin/travel-rule/export?${dayParam}format=json`)}
        >
          {t("dayJson")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(`/api/admin/travel-rule/export?${dayParam}format=csv`)}
        >
          {t("dayCsv")}
        </Button>
      </PageHeader>
      <p className="break-keep text-sm text-gray-700">{t("intro")}</p>

      <div className="flex flex-wrap items-end gap-3">
        <FilterField type="date" label={t("day")} value={day} onCommit={(v) => set({ day: v })} />
        {list.data && (
          <span className="pb-2 text-sm text-gray-700" data-testid="travel-rule-count">
            {t("count", { n: list.data.total })}
          </span>
        )}
      </div>

      <DataTable
        label={t("title")}
        columns={columns}
        rows={items}
        rowKey={(r) => r.requestId}
        rowAttrs={(r) => ({ "data-testid": `travel-rule-${r.requestId}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
    </div>
  );
}
