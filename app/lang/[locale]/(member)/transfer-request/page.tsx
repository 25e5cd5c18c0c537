"use client";

/**
 * Transfer-request page (spec §2, §5): user, coin and amount (≥ 1) → the Travel Rule's recipient details when the
 * amount needs them → review → POST /api/transfer-requests → receipt, the same steps as the send modal
 * (components/wallet/use-send-steps.ts, send-confirm.tsx). The user is the signed-in member (the server refuses
 * anyone else); the server applies the transfer rules (fee, minimum, spendable maximum, one pending request).
 * Without an approved ID or a wallet address there is nothing to review, so the request goes straight to the
 * server, whose answer says what is missing. Like the send modal (issue 29 item 2) it says where sendable WLD comes
 * from, offers the swap when WLD is held but the lock balance is short, and has a 최대 button.
 */
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useMember } from "@/components/member/member-context";
import { usePrices, wldOf } from "@/components/member/decimals";
import { useCoins, useProfile, useStaked } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { type TransferRequestAnswer, useCreateTransferRequest } from "@/components/member/use-create-transfer-request";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Receipt } from "@/components/wallet/receipt";
import { feeForWallet } from "@/components/wallet/rules";
import { SendConfirm } from "@/components/wallet/send-confirm";
import { fillMax, SendSource } from "@/components/wallet/send-source";
import { useSendSteps } from "@/components/wallet/use-send-steps";
import {
  heldBackMax,
  sendableMax,
  useWithdrawStatus,
  WithdrawLimits,
  withdrawBlock,
} from "@/components/wallet/withdraw-limits";
import { D, formatWld } from "@/lib/money";
import { formatKrwText } from "@/lib/money-text";
import { sendReview } from "@/lib/wallet/review";
import { sendFeature } from "@/lib/maintenance/features";

// The maintenance banner loads after the page (React.lazy): nothing added to the first load.
const MaintenanceBanner = lazy(() => import("@/components/maintenance/maintenance-banner"));
const SwapModal = lazy(() => import("@/components/wallet/swap-modal").then((m) => ({ default: m.SwapModal })));

const AMOUNT = /^(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

export default function TransferRequestPage() {
  const t = useTranslations("Transfer");
  const ts = useTranslations("Wallet.send.TRANSFER");
  const tn = useTranslations("Wallet.send");
  const tr = useTranslations("Wallet.review");
  const tl = useTranslations("Wallet.limits");
  const { userId } = useMember();
  const profile = useProfile();
  const staked = useStaked();
  const prices = usePrices();
  const errorText = useErrorText();
  const limits = useWithdrawStatus(); // cool-down, today's KRW limit, KRW hold, destination: before the member types
  const [coin, setCoin] = useState("WLD");
  const { amount, key, setAmount, reset } = useIdempotentAmount();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TransferRequestAnswer["request"] | null>(null);
  const walletAddr = profile.data?.walletAddr ?? null;
  const priceKrw = prices.data?.prices.WLD ?? null;
  const stakedWld = wldOf(staked.data);
  const coins = useCoins();
  const holding = wldOf(coins.data);
  const [swapping, setSwapping] = useState(false);
  const sendable = sendableMax(stakedWld, feeForWallet(walletAddr), limits.data);
  const maxFill = walletAddr ? fillMax(sendable, limits.data, priceKrw) : null;
  const steps = useSendSteps({
    amount,
    priceKrw,
    thresholdKrw: limits.data?.travelRuleThresholdKrw,
    onRecipientChange: () => setAmount(amount),
    onStepChange: () => setError(null),
  });

  const submit = useCreateTransferRequest({
    onSuccess: (res) => {
      setDone(res.request ?? null);
      steps.reset();
      reset();
    },
    onError: (err) => {
      steps.refused(err);
      setError(errorText(err, "transferFailed"));
    },
  });
  const send = (otp?: string, travelRule = steps.body) =>
    submit.mutate({ coinSymbol: coin, amount: amount.trim(), idempotencyKey: key, otp, travelRule });

  const guard = withdrawBlock(limits.data, "", null);
  // Until the profile and the status are in, whether to review or ask the Travel Rule's details is unknown.
  const closed = profile.isPending || limits.isPending || guard.cooldown || guard.noneLeft || guard.closedDestination;

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/wallet-history" backLabel={t("back")} title={t("title")} />
      <Suspense fallback={null}>
        <MaintenanceBanner features={[sendFeature("TRANSFER", walletAddr)]} />
      </Suspense>
      {done ? (
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
          ]}
          note={tr("adminNote")}
          onClose={() => setDone(null)}
        />
      ) : steps.step !== "form" && walletAddr ? (
        <SendConfirm
          steps={steps}
          review={sendReview({
            amount: new D(amount.trim()),
            walletAddr,
            staked: stakedWld,
            priceKrw,
            priceStale: prices.data?.stale,
            priceTrusted: prices.data?.trusted,
          })}
          status={limits.data}
          confirmLabel={ts("submit")}
          loading={submit.isPending}
          error={error}
          onConfirm={send}
        />
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const v = amount.trim();
            if (!userId || !coin || !v) {
              setError(t("required"));
              return;
            }
            if (!AMOUNT.test(v) || new D(v).lt(1)) {
              setError(t("minimum"));
              return;
            }
            if (withdrawBlock(limits.data, v, priceKrw).overLimit) {
              setError(tl("overLimit", { left: formatKrwText(limits.data?.leftTodayKrw ?? "0") }));
              return;
            }
            const heldBack = heldBackMax(v, stakedWld, feeForWallet(walletAddr), limits.data);
            if (heldBack) {
              setError(tl("overHold", { max: formatWld(heldBack) }));
              return;
            }
            setError(null);
            // Only a request the server can accept gets a review; otherwise its answer says what is missing.
            if (walletAddr && profile.data?.idStatus === "APPROVED") steps.next();
            else send();
          }}
        >
          <p className="text-sm text-gray-700">{ts("differs")}</p>
          <WithdrawLimits query={limits} />
          {!staked.isPending && !coins.isPending && (
            <SendSource holding={holding} staked={stakedWld} max={sendable} onSwap={() => setSwapping(true)} />
          )}
          <Input label={t("user")} value={userId} readOnly />
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            {t("coin")}
            <select
              className="min-h-11 rounded-xl border border-gray-300 bg-white px-4 py-3 text-base"
              value={coin}
              onChange={(e) => setCoin(e.target.value)}
            >
              <option value="WLD">WLD</option>
            </select>
          </label>
          <AmountInput
            label={t("amount")}
            value={amount}
            onValueChange={setAmount}
            hint={t("hint")}
            maxButton={{
              label: tn("max"),
              disabled: !maxFill || limits.isPending,
              onClick: () => {
                if (maxFill) setAmount(maxFill.toFixed());
              },
            }}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <Button type="submit" size="lg" loading={submit.isPending} disabled={closed}>
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
