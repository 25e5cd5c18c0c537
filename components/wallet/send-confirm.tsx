"use client";

/**
 * The steps after the amount, the same in the send modal and on the transfer page: the Travel Rule's recipient
 * details when the amount needs them (./travel-rule-fields.tsx), then the review of the amount as typed (what
 * arrives, the fee and the total in WLD and KRW, the destination) with what the Travel Rule sends, and the request.
 */
import { useTranslations } from "next-intl";
import { sendReview } from "@/lib/wallet/review";
import { ReviewStep } from "./review-step";
import { TravelRuleStep } from "./travel-rule-fields";
import type { SendFlow } from "./use-send-flow";

/** Shown once the amount has passed the form's checks (the review reads it as a number). */
export function SendConfirm({ flow }: { flow: SendFlow }) {
  const ts = useTranslations(`Wallet.send.${flow.type}`);
  const { steps, prices } = flow;
  const status = flow.limits.data; // the sender's details (undefined while they load)
  const review = sendReview({
    amount: flow.amount.trim(),
    walletAddr: flow.walletAddr,
    staked: flow.stakedWld,
    priceKrw: flow.priceKrw,
    priceStale: prices.data?.stale,
    priceTrusted: prices.data?.trusted,
  });
  if (steps.step === "travelRule")
    return (
      <TravelRuleStep
        steps={steps}
        originatorName={status?.originator.name}
        amount={review.receive}
        amountKrw={review.receiveKrw}
        error={flow.submitError}
      />
    );
  return (
    <ReviewStep
      review={review}
      travelRule={steps.body && { originator: status?.originator, recipient: steps.body }}
      confirmLabel={ts("submit")}
      loading={flow.submit.isPending}
      error={flow.submitError}
      onBack={steps.back}
      onConfirm={(otp) => flow.send(otp, steps.body)}
    />
  );
}
