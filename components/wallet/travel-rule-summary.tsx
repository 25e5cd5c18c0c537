"use client";

/**
 * The review's "트래블룰 정보": what will be sent to the receiving exchange under the Travel Rule — the sender
 * from the member's record (name, member number, ID verified), the recipient as entered (name, own account or
 * relationship), the receiving exchange (VASP) and network, the full address, the amount in WLD and KRW.
 */
import { useTranslations } from "next-intl";
import { useId } from "react";
import { formatKrw, formatWld } from "@/lib/money";
import type { SendReview, TravelRuleBody } from "@/lib/wallet/review";
import { useNetworkName } from "@/components/member/network-name";
import { useExchangeName } from "./destination-name";

export type Originator = { name: string; memberNumber: string; idVerified: boolean };
/** `originator` is undefined while the member's status has not loaded (its rows then read "—"). */
export type TravelRuleReview = { originator: Originator | undefined; recipient: TravelRuleBody };

export function TravelRuleSummary({ travelRule, review }: { travelRule: TravelRuleReview; review: SendReview }) {
  const t = useTranslations("Wallet.travelRule");
  const tr = useTranslations("Wallet.review");
  const exchangeName = useExchangeName();
  const networkName = useNetworkName();
  const headingId = useId();
  const { originator, recipient } = travelRule;
  const d = review.destination;
  const rows: Array<[label: string, value: React.ReactNode, testId: string]> = [
    [t("sender"), originator?.name ?? "—", "tr-sender"],
    [t("memberNumber"), originator?.memberNumber ?? "—", "tr-member-number"],
    [t("idVerified"), originator ? t(originator.idVerified ? "verified" : "notVerified") : "—", "tr-id-verified"],
    [t("recipient"), recipient.recipientName, "tr-recipient"],
    [
      t("relationship"),
      recipient.selfOwned
        ? t("selfOwned")
        : recipient.relationship
          ? t(`relationships.${recipient.relationship}`)
          : "—",
      "tr-relationship",
    ],
    [t("vasp"), exchangeName(d) || "—", "tr-vasp"],
    [tr("network"), networkName(d?.network) || "—", "tr-network"],
    [tr("address"), <span className="break-all font-mono">{d?.address ?? "—"}</span>, "tr-address"],
    [
      t("amountLabel"),
      <>
        <span className="block">{formatWld(review.receive, true)} WLD</span>
        <span className="block text-xs text-gray-600">
          {review.receiveKrw ? `₩${formatKrw(review.receiveKrw)}` : "—"}
        </span>
      </>,
      "tr-amount",
    ],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-blue-200 px-3 text-sm"
      data-testid="travel-rule-summary"
    >
      <h3 id={headingId} className="pt-2 text-xs font-semibold text-gray-700">
        {t("reviewHeading")}
      </h3>
      <p className="pt-1 text-xs text-gray-600">{t("reviewNote")}</p>
      <dl className="divide-y divide-gray-100">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="flex justify-between gap-3 py-2">
            <dt className="shrink-0 text-gray-600">{label}</dt>
            <dd className="min-w-0 text-right" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
