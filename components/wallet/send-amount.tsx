"use client";

/**
 * The amount field of a transfer or withdraw, the same in the send modal and on the transfer page: what should
 * arrive, the minimum the server accepts (./rules.ts MIN_TRANSFER), and 최대, which fills what the server will take.
 */
import { useTranslations } from "next-intl";
import { AmountInput } from "@/components/ui/amount-input";
import { MIN_TRANSFER } from "./rules";
import type { SendFlow } from "./use-send-flow";

export function SendAmountInput({
  flow,
  label,
  error,
}: {
  flow: SendFlow;
  label: string;
  /** Shown under the field as the member types (the page shows its refusals under the form instead). */
  error?: string | null;
}) {
  const t = useTranslations("Wallet.transfer");
  const tn = useTranslations("Wallet.send");
  const { maxFill } = flow;
  return (
    <AmountInput
      label={label}
      value={flow.amount}
      onValueChange={flow.setAmount}
      hint={t("amountHint", { min: MIN_TRANSFER.toFixed() })}
      error={error}
      maxButton={{
        label: tn("max"),
        disabled: !maxFill || flow.limits.isPending,
        onClick: () => {
          if (maxFill) flow.setAmount(maxFill.toFixed());
        },
      }}
    />
  );
}
