"use client";

/**
 * Transfer-request page: user, coin and amount (at least the minimum, components/wallet/rules.ts) → the Travel
 * Rule's recipient details when the amount needs them → review → POST /api/transfer-requests → receipt: the send
 * modal's form (components/wallet/use-send-flow.ts), its amount field, review and receipt. The user is the
 * signed-in member (the server refuses anyone else); the server applies the transfer rules (fee, minimum, spendable
 * maximum, one pending request) again, and the maximum is left to its answer. Without an approved ID or a wallet
 * address there is nothing to review, so the request goes straight to the server, whose answer says what is
 * missing. Like the send modal it says where sendable WLD comes from, offers the swap when WLD is held but the
 * lock balance is short, and has a 최대 button.
 */
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useMember } from "@/components/member/member-context";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { CoinSelect } from "@/components/wallet/coin-select";
import { checkTransferAmount } from "@/components/wallet/rules";
import { SendAmountInput } from "@/components/wallet/send-amount";
import { SendConfirm } from "@/components/wallet/send-confirm";
import { SendSource } from "@/components/wallet/send-source";
import { TransferReceipt } from "@/components/wallet/transfer-receipt";
import { useSendFlow } from "@/components/wallet/use-send-flow";
import { WithdrawLimits } from "@/components/wallet/withdraw-limits";
import { sendFeature } from "@/lib/maintenance/features";

// The maintenance banner loads after the page (React.lazy): nothing added to the first load.
const MaintenanceBanner = lazy(() => import("@/components/maintenance/maintenance-banner"));
const SwapModal = lazy(() => import("@/components/wallet/swap-modal").then((m) => ({ default: m.SwapModal })));

export default function TransferRequestPage() {
  const t = useTranslations("Transfer");
  const ts = useTranslations("Wallet.send.TRANSFER");
  const { userId } = useMember();
  const flow = useSendFlow("TRANSFER");
  const { profile, staked, coins, limits, steps, walletAddr, guard, holding, done } = flow;
  const [coin, setCoin] = useState("WLD");
  const [error, setError] = useState<string | null>(null);
  const [swapping, setSwapping] = useState(false);
  // Until the profile and the status are in, whether to review or ask the Travel Rule's details is unknown.
  const closed = profile.isPending || limits.isPending || guard.cooldown || guard.noneLeft || guard.closedDestination;

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/wallet-history" backLabel={t("back")} title={t("title")} />
      <Suspense fallback={null}>
        <MaintenanceBanner features={[sendFeature("TRANSFER", walletAddr)]} />
      </Suspense>
      {done ? (
        <TransferReceipt type="TRANSFER" request={done} onClose={flow.closeReceipt} />
      ) : steps.step !== "form" && walletAddr ? (
        <SendConfirm flow={flow} />
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const check = checkTransferAmount(flow.amount);
            const refusal = !userId || !coin || check === "empty" ? t("required") : flow.amountError(check);
            setError(refusal);
            if (refusal) return;
            // Only a request the server can accept gets a review; otherwise its answer says what is missing.
            if (walletAddr && profile.data?.idStatus === "APPROVED") steps.next();
            else flow.send();
          }}
        >
          <p className="text-sm text-gray-700">{ts("differs")}</p>
          <WithdrawLimits query={limits} />
          {!staked.isPending && !coins.isPending && (
            <SendSource holding={holding} staked={flow.stakedWld} max={flow.max} onSwap={() => setSwapping(true)} />
          )}
          <Input label={t("user")} value={userId} readOnly />
          <CoinSelect label={t("coin")} value={coin} onChange={setCoin} />
          <SendAmountInput flow={flow} label={t("amount")} />
          {(error ?? flow.submitError) && <FormAlert>{error ?? flow.submitError}</FormAlert>}
          <Button type="submit" size="lg" loading={flow.submit.isPending} disabled={closed}>
            {t("submit")}
          </Button>
        </form>
      )}
      <Suspense fallback={null}>
        {swapping && <SwapModal open initialAmount={holding.toFixed()} onClose={() => setSwapping(false)} />}
      </Suspense>
    </main>
  );
}
