"use client";

/**
 * Transfer-request page (spec §2, §5): user, coin and amount (≥ 1) → review → POST /api/transfer-requests →
 * receipt. The user is the signed-in member (the server refuses anyone else); the server applies the
 * transfer rules (fee, minimum, spendable maximum, one pending request). Without an approved ID or a wallet
 * address there is nothing to review, so the request goes straight to the server, whose answer says what is missing.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useMember } from "@/components/member/member-context";
import { usePrices, wldOf } from "@/components/member/decimals";
import { useProfile, useStaked } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { type TransferRequestAnswer, useCreateTransferRequest } from "@/components/member/use-create-transfer-request";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Receipt } from "@/components/wallet/receipt";
import { ReviewStep } from "@/components/wallet/review-step";
import { useWithdrawStatus, WithdrawLimits, withdrawBlock } from "@/components/wallet/withdraw-limits";
import { D, formatWld } from "@/lib/money";
import { formatKrwText } from "@/lib/money-text";
import { sendReview } from "@/lib/wallet/review";

const AMOUNT = /^(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

export default function TransferRequestPage() {
  const t = useTranslations("Transfer");
  const ts = useTranslations("Wallet.send.TRANSFER");
  const tr = useTranslations("Wallet.review");
  const tl = useTranslations("Wallet.limits");
  const { userId } = useMember();
  const profile = useProfile();
  const staked = useStaked();
  const prices = usePrices();
  const errorText = useErrorText();
  const limits = useWithdrawStatus(); // cool-down and today's KRW limit, shown before the member types
  const [coin, setCoin] = useState("WLD");
  const { amount, key, setAmount, reset } = useIdempotentAmount();
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [done, setDone] = useState<TransferRequestAnswer["request"] | null>(null);
  const walletAddr = profile.data?.walletAddr ?? null;

  const submit = useCreateTransferRequest({
    onSuccess: (res) => {
      setDone(res.request ?? null);
      setReviewing(false);
      reset();
    },
    onError: (err) => setError(errorText(err, "transferFailed")),
  });
  const send = (otp?: string) => submit.mutate({ coinSymbol: coin, amount: amount.trim(), idempotencyKey: key, otp });

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/wallet-history" backLabel={t("back")} title={t("title")} />
      {done ? (
        <Receipt
          title={ts("receiptTitle")}
          id={done.id}
          status={done.status}
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
      ) : reviewing && walletAddr ? (
        <ReviewStep
          review={sendReview({
            amount: new D(amount.trim()),
            walletAddr,
            staked: wldOf(staked.data),
            priceKrw: prices.data?.prices.WLD ?? null,
            priceStale: prices.data?.stale,
            priceTrusted: prices.data?.trusted,
          })}
          confirmLabel={ts("submit")}
          loading={submit.isPending}
          error={error}
          onBack={() => {
            setError(null);
            setReviewing(false);
          }}
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
            if (withdrawBlock(limits.data, v, prices.data?.prices.WLD).overLimit) {
              setError(tl("overLimit", { left: formatKrwText(limits.data?.leftTodayKrw ?? "0") }));
              return;
            }
            setError(null);
            // Only a request the server can accept gets a review; otherwise its answer says what is missing.
            if (walletAddr && profile.data?.idStatus === "APPROVED") setReviewing(true);
            else send();
          }}
        >
          <WithdrawLimits query={limits} />
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
          <AmountInput label={t("amount")} value={amount} onValueChange={setAmount} hint={t("hint")} />
          {error && <FormAlert>{error}</FormAlert>}
          <Button
            type="submit"
            size="lg"
            loading={submit.isPending}
            disabled={!!limits.data?.cooldownUntil || withdrawBlock(limits.data, "", null).noneLeft}
          >
            {t("submit")}
          </Button>
        </form>
      )}
    </main>
  );
}
