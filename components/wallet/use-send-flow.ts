"use client";

/**
 * One transfer form, behind both the send modal and the transfer page, so both check, review and send alike: the
 * member's wallet address, lock balance, holding and price; what can be sent (./withdraw-limits sendableMax, the 최대
 * figure ./send-source fillMax); the amount with its idempotency key (a double click or retry cannot create two
 * requests); the steps (./use-send-steps); the request and the server's answer for the receipt. The amount's checks
 * are previews of the server's rules (./rules.ts); the server judges every request again and its answer is shown.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { usePrices, wldOf } from "@/components/member/decimals";
import { useErrorText } from "@/components/member/error-text";
import { useCoins, useProfile, useStaked } from "@/components/member/queries";
import {
  type SendType,
  type TransferRequestAnswer,
  useCreateTransferRequest,
} from "@/components/member/use-create-transfer-request";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { formatWld } from "@/lib/money";
import { formatKrwText } from "@/lib/money-text";
import type { TravelRuleBody } from "@/lib/wallet/review";
import { type AmountCheck, feeForWallet, MIN_TRANSFER } from "./rules";
import { fillMax } from "./send-source";
import { useSendSteps } from "./use-send-steps";
import { heldBackMax, sendableMax, useWithdrawStatus, withdrawBlock } from "./withdraw-limits";

export function useSendFlow(type: SendType) {
  const t = useTranslations("Wallet.transfer");
  const ts = useTranslations(`Wallet.send.${type}`);
  const tl = useTranslations("Wallet.limits");
  const profile = useProfile();
  const staked = useStaked();
  const coins = useCoins();
  const prices = usePrices();
  const errorText = useErrorText();
  const limits = useWithdrawStatus(); // cool-down, today's KRW limit, KRW hold, destination: before the member types
  const { amount, key, setAmount, reset } = useIdempotentAmount();
  const [done, setDone] = useState<TransferRequestAnswer["request"] | null>(null);
  const priceKrw = prices.data?.prices.WLD ?? null;
  const steps = useSendSteps({
    amount,
    priceKrw,
    thresholdKrw: limits.data?.travelRuleThresholdKrw,
    onRecipientChange: () => setAmount(amount),
    onStepChange: () => submit.reset(),
  });
  const submit = useCreateTransferRequest({
    onSuccess: (res) => {
      setDone(res.request ?? null);
      reset();
      steps.reset();
    },
    onError: (err) => steps.refused(err),
  });

  const walletAddr = profile.data?.walletAddr ?? null;
  const fee = feeForWallet(walletAddr);
  const stakedWld = wldOf(staked.data);
  const max = sendableMax(stakedWld, fee, limits.data);
  const guard = withdrawBlock(limits.data, amount, priceKrw);

  return {
    type,
    profile,
    staked,
    coins,
    prices,
    limits,
    steps,
    submit,
    amount,
    setAmount,
    walletAddr,
    fee,
    stakedWld,
    holding: wldOf(coins.data),
    priceKrw,
    /** What can be sent now, fee excluded. */
    max,
    /** What 최대 fills; null without a wallet address or below the minimum. */
    maxFill: walletAddr ? fillMax(max, limits.data, priceKrw) : null,
    /** Whether the form is closed (cool-down, nothing left today, a destination that cannot receive) or over today's limit. */
    guard,
    /** The server's refusal of the last request, in words. */
    submitError: submit.isError ? errorText(submit.error, "transferFailed") : null,
    /** The server's answer to the request that went through, for the receipt. */
    done,
    closeReceipt: () => setDone(null),
    /**
     * What the form says about the amount, in the order the member fixes it; null when the form has nothing
     * to say (an empty field: the caller decides; the rest is the server's to answer).
     */
    amountError(check: AmountCheck): string | null {
      if (check === "invalid") return t("invalidAmount");
      if (check === "belowMin") return t("belowMin", { min: MIN_TRANSFER.toFixed() });
      if (check === "empty") return null;
      const heldBack = heldBackMax(amount, stakedWld, fee, limits.data);
      if (heldBack) return tl("overHold", { max: formatWld(heldBack) });
      if (check === "aboveMax") return ts("aboveMax");
      if (guard.overLimit) return tl("overLimit", { left: formatKrwText(limits.data?.leftTodayKrw ?? "0") });
      return null;
    },
    /** POST the request: the amount as typed, its key, the code from the authenticator app and the Travel Rule's details. */
    send(otp?: string, travelRule: TravelRuleBody | undefined = steps.body) {
      submit.mutate({ coinSymbol: "WLD", amount: amount.trim(), idempotencyKey: key, type, otp, travelRule });
    },
  };
}

export type SendFlow = ReturnType<typeof useSendFlow>;
