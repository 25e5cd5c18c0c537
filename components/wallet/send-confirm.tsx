"use client";

/**
 * The steps after the amount, the same in the send modal and on the transfer page: the Travel Rule's recipient
 * details when the amount needs them (./travel-rule-fields.tsx), then the review with what the Travel Rule sends.
 */
import type { TravelRuleBody, SendReview } from "@/lib/wallet/review";
import type { WithdrawStatus } from "@/lib/wallet/limits";
import { ReviewStep } from "./review-step";
import { TravelRuleStep } from "./travel-rule-fields";
import type { SendSteps } from "./use-send-steps";

export function SendConfirm({
  steps,
  review,
  status,
  confirmLabel,
  loading,
  error,
  onConfirm,
}: {
  steps: SendSteps;
  review: SendReview;
  /** GET withdraw-status: the sender's details (undefined while it loads). */
  status: WithdrawStatus | undefined;
  confirmLabel: string;
  loading: boolean;
  /** The request's refusal, shown on the step the member is on. */
  error: string | null;
  onConfirm: (otp: string | undefined, travelRule: TravelRuleBody | undefined) => void;
}) {
  if (steps.step === "travelRule")
    return (
      <TravelRuleStep
        steps={steps}
        originatorName={status?.originator.name}
        amount={review.receive}
        amountKrw={review.receiveKrw}
        error={error}
      />
    );
  return (
    <ReviewStep
      review={review}
      travelRule={steps.body && { originator: status?.originator, recipient: steps.body }}
      confirmLabel={confirmLabel}
      loading={loading}
      error={error}
      onBack={steps.back}
      onConfirm={(otp) => onConfirm(otp, steps.body)}
    />
  );
}
