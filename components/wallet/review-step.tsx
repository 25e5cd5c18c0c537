"use client";

/**
 * The review step before a transfer or withdraw is confirmed: amount, fee in WLD and KRW,
 * the total taken from the balance, what arrives (`받는 수량`), the destination split into network, exchange
 * and the full address (visible, not only to screen readers), and a note when the KRW figures are estimates; at or
 * above the Travel Rule's threshold, what will be sent to the receiving exchange (./travel-rule-summary.tsx). With
 * two-factor on, the code from the authenticator app is asked here and handed to `onConfirm` (the request's `otp`).
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { OtpInput } from "@/components/two-factor/otp-input";
import { useTwoFactorStatus } from "@/components/two-factor/queries";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { type Dec, formatKrw, formatWld } from "@/lib/money";
import type { SendReview } from "@/lib/wallet/review";
import { useNetworkName } from "@/components/member/network-name";
import { useExchangeName } from "./destination-name";
import { type TravelRuleReview, TravelRuleSummary } from "./travel-rule-summary";

export function ReviewRow({
  label,
  wld,
  krw,
  strong = false,
  testId,
}: {
  label: string;
  wld: Dec;
  krw?: Dec | null;
  strong?: boolean;
  testId?: string;
}) {
  const t = useTranslations("Wallet.review");
  return (
    <div className="flex items-start justify-between gap-3 py-2">
      <dt className={strong ? "font-semibold text-gray-900" : "text-gray-600"}>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        <span className={`block ${strong ? "text-lg font-bold" : "font-medium"}`}>{formatWld(wld, true)} WLD</span>
        {krw !== undefined && (
          <span className="block text-xs text-gray-600">{krw ? t("krw", { value: formatKrw(krw) }) : "—"}</span>
        )}
      </dd>
    </div>
  );
}

/**
 * The whole address, visible, in groups of 4 that wrap whole (spacing, not spaces: a copy is the
 * address itself), its first 6 and last 4 characters in bold: the parts a member compares with the exchange's screen.
 */
function FullAddress({ address }: { address: string }) {
  if (address.length <= 12) return <strong>{address}</strong>;
  const middle = address.slice(6, -4).match(/.{1,4}/g) ?? [];
  const group = "mr-1.5 inline-block";
  return (
    <>
      <strong className={`${group} font-bold text-gray-900`}>{address.slice(0, 6)}</strong>
      {middle.map((g, i) => (
        <span key={i} className={`${group} text-gray-700`}>
          {g}
        </span>
      ))}
      <strong className="inline-block font-bold text-gray-900">{address.slice(-4)}</strong>
    </>
  );
}

export function ReviewStep({
  review,
  travelRule,
  confirmLabel,
  loading,
  error,
  onBack,
  onConfirm,
}: {
  review: SendReview;
  /** At or above the Travel Rule's threshold: the sender and the recipient's details. */
  travelRule?: TravelRuleReview | null;
  confirmLabel: string;
  loading: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: (otp?: string) => void;
}) {
  const t = useTranslations("Wallet.review");
  const tf = useTranslations("TwoFactor.transfer");
  const exchangeName = useExchangeName();
  const networkName = useNetworkName();
  const needsCode = useTwoFactorStatus().data?.enabled === true;
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  // A refused request (a wrong or used code among the reasons) asks for a fresh code.
  useEffect(() => {
    if (error) setCode("");
  }, [error]);
  const d = review.destination;
  const noPrice = review.receiveKrw === null;
  return (
    <div className="flex flex-col gap-3" data-testid="review-step">
      <p className="font-semibold">{t("heading")}</p>
      <dl className="divide-y divide-gray-100 rounded-xl bg-gray-50 px-3 text-sm">
        <ReviewRow label={t("amount")} wld={review.receive} />
        <ReviewRow label={t("fee")} wld={review.fee} krw={review.feeKrw} testId="review-fee" />
        <ReviewRow label={t("total")} wld={review.total} krw={review.totalKrw} testId="review-total" />
        <ReviewRow label={t("receive")} wld={review.receive} krw={review.receiveKrw} strong testId="review-receive" />
        <ReviewRow label={t("remaining")} wld={review.remaining} />
      </dl>
      {d && (
        <section aria-label={t("destination")} className="rounded-xl border border-gray-200 px-3 text-sm">
          <h3 className="pt-2 text-xs font-semibold text-gray-600">{t("destination")}</h3>
          <dl className="divide-y divide-gray-100">
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-gray-600">{t("network")}</dt>
              <dd data-testid="review-network">{networkName(d.network) || "—"}</dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-gray-600">{t("exchange")}</dt>
              <dd data-testid="review-exchange">{exchangeName(d) || "—"}</dd>
            </div>
            <div className="flex flex-col gap-1 py-2">
              <dt className="text-gray-600">{t("address")}</dt>
              <dd>
                <span className="block font-mono text-[13px] leading-6" data-testid="review-address">
                  <FullAddress address={d.address} />
                </span>
                <span className="mt-1 block text-xs text-gray-600">{t("addressCheck")}</span>
              </dd>
            </div>
          </dl>
        </section>
      )}
      {travelRule && <TravelRuleSummary travelRule={travelRule} review={review} />}
      {(review.estimate || noPrice) && (
        <p className="rounded-lg bg-amber-50 p-2 text-xs text-amber-900" data-testid="review-estimate">
          {noPrice ? t("noPrice") : t("estimate")}
        </p>
      )}
      <p className="text-xs text-gray-600">{t("adminNote")}</p>
      {needsCode && (
        <OtpInput
          label={tf("codeLabel")}
          hint={tf("hint")}
          name="otp"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          error={codeError}
        />
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onBack} disabled={loading}>
          {t("edit")}
        </Button>
        <Button
          loading={loading}
          onClick={() => {
            if (!needsCode) return onConfirm();
            if (!/^\d{6}$/.test(code)) return setCodeError(tf("required"));
            setCodeError(null);
            onConfirm(code);
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
