"use client";

/**
 * Transfer and Withdraw: one flow for both request types, which the server
 * treats alike (lib/wallet/requests.ts createTransferRequest): a wallet address first, the fee of its
 * network, spendable = staked − the KRW hold's part of the lock − fee (floored to 2 decimals), minimum 5, one
 * pending request per coin and type. Form → the Travel Rule's recipient details at or above its threshold
 * (./use-send-steps.ts) → review (what arrives, fee in WLD and KRW, destination, what the Travel Rule sends) →
 * receipt with the request's status.
 * The member enters what should arrive; the server adds the fee and reserves the total.
 * The form says where sendable WLD comes from (the lock balance) and how 출금 and 전송 differ
 * (only in the name on the record: the server handles both alike), offers the swap in one tap when WLD is held but
 * the lock cannot cover the minimum (./send-source.tsx), and a 최대 button fills what the server will accept.
 * The form's state, the amount field, the review and the receipt are the transfer page's too (./use-send-flow.ts).
 * Loaded lazily (React.lazy) when opened, so /wallet's first load does not carry it.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMember } from "@/components/member/member-context";
import { enc } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import type { SendType } from "@/components/member/use-create-transfer-request";
import { MaintenanceBanner } from "@/components/maintenance/maintenance-banner";
import { AppLink } from "@/components/ui/app-link";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import { api } from "@/lib/client/api";
import { sendFeature } from "@/lib/maintenance/features";
import { formatWld } from "@/lib/money";
import { splitWalletAddr } from "@/lib/wallet/review";
import { useNetworkName } from "@/components/member/network-name";
import { useExchangeName } from "./destination-name";
import { checkTransferAmount, MIN_TRANSFER } from "./rules";
import { SendAmountInput } from "./send-amount";
import { SendConfirm } from "./send-confirm";
import { SendSource } from "./send-source";
import { SwapModal } from "./swap-modal";
import { TransferReceipt } from "./transfer-receipt";
import { useSendFlow } from "./use-send-flow";
import { WithdrawLimits } from "./withdraw-limits";

export function SendModal({ type, onClose }: { type: SendType; onClose: () => void }) {
  const t = useTranslations("Wallet.transfer");
  const ts = useTranslations(`Wallet.send.${type}`);
  const tn = useTranslations("Wallet.send");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const [swapping, setSwapping] = useState(false);
  const errorText = useErrorText();
  const exchangeName = useExchangeName();
  const networkName = useNetworkName();
  const flow = useSendFlow(type);
  const { profile, staked, coins, limits, steps, walletAddr, fee, stakedWld, max, holding, guard, done } = flow;
  const check = checkTransferAmount(flow.amount, max);

  const duplicate = useQuery({
    queryKey: ["transfer-duplicate", userId, type],
    queryFn: () =>
      api<{ exists: boolean }>(
        `/api/transfer-requests/check-duplicate?userId=${enc(userId)}&coinSymbol=WLD&type=${type}`,
      ),
    enabled: !!walletAddr && !done,
    staleTime: 0,
  });

  const destination = splitWalletAddr(walletAddr);
  const loading = profile.isPending || staked.isPending || coins.isPending;
  const insufficient = !loading && max.lt(MIN_TRANSFER);
  const canSwap = insufficient && holding.gt(0);
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
    if (done) return <TransferReceipt type={type} request={done} walletAddr={walletAddr} onClose={onClose} />;
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
    if (check === "ok" && steps.step !== "form") return <SendConfirm flow={flow} />;
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
        <SendAmountInput flow={flow} label={ts("amount")} error={flow.amountError(check)} />
        {check === "ok" && (
          <p className="text-sm text-gray-600 tabular-nums" data-testid="transfer-total">
            {t("total", { total: formatWld(fee.plus(flow.amount.trim())) })}
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
