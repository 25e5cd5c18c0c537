"use client";
/**
 * A request's Travel Rule record as the console shows it: the `트래블룰` badge of a queue row, the recipient's details
 * in the row's decision dialog, and the pieces the /admin/travel-rule table shares (who the recipient is to the
 * member; the receiving exchange, or 개인 지갑 for a personal wallet).
 */
import { useLocale, useTranslations } from "next-intl";
import type { AdminTravelRuleDto } from "@/lib/travel-rule/dto";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { fmtKrw } from "@/components/admin/kit/format";

export function VaspName({ exchange }: { exchange: string }) {
  const t = useTranslations("AdminOps.travelRule");
  return <>{exchange === PERSONAL_EXCHANGE ? t("personal") : exchange}</>;
}

/** 본인 계정, or the recipient's relationship to the member. */
export function BeneficiaryRelation({ selfOwned, relationship }: { selfOwned: boolean; relationship: string | null }) {
  const t = useTranslations("AdminOps.travelRule");
  if (selfOwned) return <>{t("selfOwned")}</>;
  return <>{relationship ? t(`relationships.${relationship}`) : "—"}</>;
}

/** `트래블룰`: the request carries a Travel Rule record. */
export function TravelRuleBadge() {
  const t = useTranslations("AdminOps.requests");
  return (
    <span
      className="ml-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
      title={t("travelRuleBadgeHint")}
      data-testid="travel-rule-badge"
    >
      {t("travelRuleBadge")}
    </span>
  );
}

/** The record's recipient details, for the decision dialog. */
export function TravelRuleDetails({ record }: { record: AdminTravelRuleDto }) {
  const t = useTranslations("AdminOps.travelRule");
  const locale = useLocale();
  return (
    <section aria-label={t("section")} className="rounded-lg border border-sky-200 bg-sky-50 p-3">
      <h3 className="mb-1 text-sm font-semibold text-sky-900">{t("section")}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="travel-rule-details">
        <dt className="text-gray-600">{t("beneficiaryName")}</dt>
        <dd>{record.beneficiaryName}</dd>
        <dt className="text-gray-600">{t("selfOwned")}</dt>
        <dd>{record.selfOwned ? t("yes") : t("no")}</dd>
        {!record.selfOwned && (
          <>
            <dt className="text-gray-600">{t("relationship")}</dt>
            <dd>
              <BeneficiaryRelation selfOwned={false} relationship={record.relationship} />
            </dd>
          </>
        )}
        <dt className="text-gray-600">{t("exchange")}</dt>
        <dd>
          <VaspName exchange={record.exchange} />
        </dd>
        <dt className="text-gray-600">{t("amountKrw")}</dt>
        <dd className="tabular-nums">₩{fmtKrw(record.amountKrw, locale)}</dd>
      </dl>
    </section>
  );
}
