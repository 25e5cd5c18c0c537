"use client";

/**
 * Transfer and Withdraw (spec §5; issue 12 items 1, 2): one flow for both request types, which the server
 * treats alike (lib/wallet/requests.ts createTransferRequest): a wallet address first, the fee of its
 * network, spendable = staked − the KRW hold's part of the lock − fee (floored to 2 decimals), minimum 5, one
 * pending request per coin and type. Form → the Travel Rule's recipient details at or above its threshold
 * (./use-send-steps.ts) → review (what arrives, fee in WLD and KRW, destination, what the Travel Rule sends) →
 * receipt with the request's status.
 * The member enters what should arrive; the server adds the fee and reserves the total.
 * Issue 29 item 2: the form says where sendable WLD comes from (the lock balance) and how 출금 and 전송 differ
 * (only in the name on the record: the server handles both alike), offers the swap in one tap when WLD is held but
 * the lock cannot cover the minimum (./send-source.tsx), and a 최대 button fills what the server will accept.
 * Loaded lazily (React.lazy) when opened, so /wallet's first load does not carry it.
 */
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMember } from "@/components/member/member-context";
import { usePrices, wldOf } from "@/components/member/decimals";
import { enc, useCoins, useProfile, useStaked } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import {
  type SendType,
  type TransferRequestAnswer,
  useCreateTransferRequest,
} from "@/components/member/use-create-transfer-request";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { MaintenanceBanner } from "@/components/maintenance/maintenance-banner";
import { sendFeature } from "@/lib/maintenance/features";
import { Modal } from "@/components/ui/modal";
import { api } from "@/lib/client/api";
import { D, formatWld } from "@/lib/money";
import { formatKrwText } from "@/lib/money-text";
import { sendReview, splitWalletAddr } from "@/lib/wallet/review";
import { useNetworkName } from "@/components/member/network-name";
import { useExchangeName } from "./destination-name";
import { Receipt } from "./receipt";
import { checkTransferAmount, feeForWallet, MIN_TRANSFER } from "./rules";
import { SendConfirm } from "./send-confirm";
import { fillMax, SendSource } from "./send-source";
import { SwapModal } from "./swap-modal";
import { useSendSteps } from "./use-send-steps";
import { heldBackMax, sendableMax, useWithdrawStatus, WithdrawLimits, withdrawBlock } from "./withdraw-limits";

export function SendModal({ type, onClose }: { type: SendType; onClose: () => void }) {
  const t = useTranslations("Wallet.transfer");
  const ts = useTranslations(`Wallet.send.${type}`);
  const tn = useTranslations("Wallet.send");
  const tr = useTranslations("Wallet.review");
  const tc = useTranslations("Common");
  const tl = useTranslations("Wallet.limits");
  const { userId } = useMember();
  const profile = useProfile();
  const staked = useStaked();
  const coins = useCoins();
  const [swapping, setSwapping] = useState(false);
  const prices = usePrices();
  const errorText = useErrorText();
  const exchangeName = useExchangeName();
  const networkName = useNetworkName();
  const limits = useWithdrawStatus(); // cool-down, today's KRW limit, KRW hold, destination: before the member types
  // One key per amount: a double click or retry cannot create two requests.
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

  const walletAddr = profile.data?.walletAddr ?? null;
  const fee = feeForWallet(walletAddr);
  const stakedWld = wldOf(staked.data);
  const max = sendableMax(stakedWld, fee, limits.data);
  const check = checkTransferAmount(amount, max);
  const guard = withdrawBlock(limits.data, amount, priceKrw);
  const maxFill = fillMax(max, limits.data, priceKrw);
  const holding = wldOf(coins.data);
  const heldBack = check === "aboveMax" ? heldBackMax(amount, stakedWld, fee, limits.data) : null;

  const duplicate = useQuery({
    queryKey: ["transfer-duplicate", userId, type],
    queryFn: () =>
      api<{ exists: boolean }>(
        `/api/transfer-requests/check-duplicate?userId=${enc(userId)}&coinSymbol=WLD&type=${type}`,
      ),
    enabled: !!walletAddr && !done,
    staleTime: 0,
  });

  const submit = useCreateTransferRequest({
    onSuccess: (res) => {
      setDone(res.request ?? null);
      reset();
      steps.reset();
    },
    onError: (err) => steps.refused(err),
  });

  const destination = splitWalletAddr(walletAddr);
  const loading = profile.isPending || staked.isPending || coins.isPending;
  const insufficient = !loading && max.lt(MIN_TRANSFER);
  const canSwap = insufficient && holding.gt(0);
  const error =
    check === "invalid"
      ? t("invalidAmount")
      : check === "belowMin"
        ? t("belowMin")
        : heldBack
          ? tl("overHold", { max: formatWld(heldBack) })
          : check === "aboveMax"
            ? ts("aboveMax")
            : guard.overLimit
              ? tl("overLimit", { left: formatKrwText(limits.data?.leftTodayKrw ?? "0") })
              : null;
  const blocked =
    check !== "ok" ||
    !!duplicate.data?.exists ||
    duplicate.isPending ||
    limits.isPending ||
    insufficient ||
    guard.cooldown ||
    guard.noneLeft ||
    guard.overLimit ||
    guard.closedDestination;

  const body = () => {
    if (done)
      return (
        <Receipt
          title={ts("receiptTitle")}
          id={done.id}
          status={done.status}
          underReview={done.underReview}
          rows={[
            {
              label: tr("receive"),
              value: `${formatWld(done.amount, true)} WLD`,
              strong: true,
              testId: "receipt-amount",
            },
            { label: tr("fee"), value: `${formatWld(done.fee, true)} WLD` },
            { label: tr("total"), value: `${formatWld(done.total, true)} WLD` },
            ...(destination
              ? [
                  {
                    label: tr("destination"),
                    value: (
                      <>
                        {[networkName(destination.network), exchangeName(destination)].filter(Boolean).join(" · ")}{" "}
                        <span className="font-mono">{destination.short}</span>
                      </>
                    ),
                  },
                ]
              : []),
          ]}
          note={tr("adminNote")}
          onClose={onClose}
        />
      );
    if (loading)
      return (
        <div className="flex flex-col gap-2" aria-busy="true">
          <div className="skeleton h-6 w-full" />
          <div className="skeleton h-6 w-2/3" />
          <div className="skeleton h-12 w-full" />
        </div>
      );
    if (profile.isError || staked.isError)
      return (
        <p role="alert" className="text-rose-600">
          {errorText(profile.error ?? staked.error, profile.isError ? "walletCheckFailed" : "balanceCheckFailed")}
        </p>
      );
    if (!walletAddr)
      return (
        <div className="flex flex-col gap-3">
          <p role="alert">{t("walletRequired")}</p>
          <AppLink
            href="/settings"
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand py-3 text-center font-semibold text-white"
          >
            {t("goSettings")}
          </AppLink>
        </div>
      );
    const submitError = submit.isError ? errorText(submit.error, "transferFailed") : null;
    const review =
      check === "ok" &&
      sendReview({
        amount: amount.trim(),
        walletAddr,
        staked: stakedWld,
        priceKrw,
        priceStale: prices.data?.stale,
        priceTrusted: prices.data?.trusted,
      });
    if (review && steps.step !== "form")
      return (
        <SendConfirm
          steps={steps}
          review={review}
          status={limits.data}
          confirmLabel={ts("submit")}
          loading={submit.isPending}
          error={submitError}
          onConfirm={(otp, travelRule) =>
            submit.mutate({ coinSymbol: "WLD", amount: amount.trim(), idempotencyKey: key, type, otp, travelRule })
          }
        />
      );
    return (
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked) steps.next();
        }}
      >
        <p className="text-sm text-gray-700" data-testid="send-kind">
          {ts("differs")}
        </p>
        <WithdrawLimits query={limits} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-gray-50 p-3 text-sm">
          <dt className="text-gray-600">{t("address")}</dt>
          <dd className="text-right" data-testid="transfer-address" title={destination?.address}>
            {[networkName(destination?.network), exchangeName(destination)].filter(Boolean).join(" · ")}
            <br />
            <span className="font-mono text-xs">{destination?.short}</span>
          </dd>
          <dt className="text-gray-600">{t("staked")}</dt>
          <dd className="text-right tabular-nums">{formatWld(stakedWld, true)} WLD</dd>
          <dt className="text-gray-600">{t("fee")}</dt>
          <dd className="text-right tabular-nums" data-testid="transfer-fee">
            {formatWld(fee)} WLD
          </dd>
          <dt className="text-gray-600">{ts("spendable")}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="transfer-spendable">
            {formatWld(max)} WLD
          </dd>
        </dl>
        <SendSource holding={holding} staked={stakedWld} max={max} onSwap={() => setSwapping(true)} />
        {insufficient && !canSwap && (
          <FormAlert>{t("insufficient", { staked: formatWld(stakedWld, true), fee: formatWld(fee) })}</FormAlert>
        )}
        {duplicate.isError && <FormAlert>{errorText(duplicate.error, "duplicateCheckFailed")}</FormAlert>}
        {duplicate.data?.exists && <FormAlert>{t("pending")}</FormAlert>}
        <AmountInput
          label={ts("amount")}
          value={amount}
          onValueChange={setAmount}
          hint={t("amountHint", { min: MIN_TRANSFER.toFixed() })}
          error={error}
          maxButton={{
            label: tn("max"),
            disabled: !maxFill || limits.isPending,
            onClick: () => {
              if (maxFill) setAmount(maxFill.toFixed());
            },
          }}
        />
        {check === "ok" && (
          <p className="text-sm text-gray-600 tabular-nums" data-testid="transfer-total">
            {t("total", { total: formatWld(new D(amount.trim()).add(fee)) })}
          </p>
        )}
        <Button type="submit" size="lg" disabled={blocked}>
          {tn("next")}
        </Button>
      </form>
    );
  };

  // The one-tap swap replaces this dialog while it is open, and brings the member back to it afterwards.
  if (swapping) return <SwapModal open initialAmount={holding.toFixed()} onClose={() => setSwapping(false)} />;
  return (
    <Modal open onClose={onClose} title={ts("title")} closeLabel={tc("close")}>
      <MaintenanceBanner features={[sendFeature(type, walletAddr)]} />
      {body()}
    </Modal>
  );
}
