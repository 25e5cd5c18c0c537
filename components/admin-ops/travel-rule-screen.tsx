"use client";

/**
 * /admin/travel-rule — `트래블룰 기록`: the Travel Rule records of one KST day (today's until another is picked; the
 * day and page live in the URL), oldest first, each with the sender, the recipient, the receiving exchange and its
 * Travel Rule service, the amount in WLD and KRW and the request's status now. Downloads (audited by the server): the
 * day as JSON or CSV, and each record as JSON or CSV, to submit through the exchange's Travel Rule service.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useErrorText } from "@/components/admin/ui/admin-dialog";
import { Pager } from "@/components/admin/ui/pager";
import { PageHeader, QueryRows, TableBox, Truncated, td, tdNum, th, thNum } from "@/components/admin/ui/table";
import { Button } from "@/components/ui/button";
import type { TravelRuleRowDto } from "@/lib/travel-rule/dto";
import { api } from "@/lib/client/api";
import { StatusBadge } from "./requests/badges";
import { kstDateTime, krw, wld } from "./format";
import { download, FilterField } from "./ops-ui";
import { BeneficiaryRelation, VaspName } from "./requests/travel-rule-details";
import { useUrlState } from "./url-state";
import { useNetworkName } from "./words";

const LIMIT = 20;
const COLS = 9;

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

      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.request")}</th>
            <th className={th}>{t("col.createdAt")}</th>
            <th className={th}>{t("col.originator")}</th>
            <th className={th}>{t("col.beneficiary")}</th>
            <th className={th}>{t("col.vasp")}</th>
            <th className={th}>{t("col.address")}</th>
            <th className={thNum}>{t("col.amount")}</th>
            <th className={thNum}>{t("col.krw")}</th>
            <th className={th}>{t("col.download")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((r) => (
              <tr key={r.requestId} data-testid={`travel-rule-${r.requestId}`}>
                <td className={td}>
                  <span className="block">
                    <span className="font-medium">#{r.requestId}</span>
                    <span className="ml-1 text-xs text-gray-600">{tr(`type.${r.type}`)}</span>
                  </span>
                  <StatusBadge status={r.status} label={tr(`status.${r.status}`)} />
                </td>
                <td className={td}>{kstDateTime(r.createdAt)}</td>
                <td className={td}>
                  <Truncated text={r.originator.name} max="max-w-[10rem]" className="block font-medium" />
                  <span className="block text-xs text-gray-600">
                    {t("memberNumber", { n: r.originator.memberNumber })}
                  </span>
                </td>
                <td className={td}>
                  <span className="block font-medium">{r.beneficiaryName}</span>
                  <span className="block text-xs text-gray-600">
                    <BeneficiaryRelation selfOwned={r.selfOwned} relationship={r.relationship} />
                  </span>
                </td>
                <td className={td}>
                  <span className="block">
                    <VaspName exchange={r.exchange} />
                  </span>
                  {r.travelRulePartner && (
                    <span className="block text-xs text-gray-600">
                      {td8.has(`partner.${r.travelRulePartner}`)
                        ? td8(`partner.${r.travelRulePartner}`)
                        : r.travelRulePartner}
                    </span>
                  )}
                </td>
                <td className={td}>
                  <span className="block">{networkName(r.network)}</span>
                  <span className="block font-mono text-xs" title={r.address}>
                    {r.address.length > 14 ? `${r.address.slice(0, 8)}…${r.address.slice(-4)}` : r.address}
                  </span>
                </td>
                <td className={tdNum}>{wld(r.amountWld, locale, true)}</td>
                <td className={tdNum}>₩{krw(r.amountKrw, locale)}</td>
                <td className={td}>
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
