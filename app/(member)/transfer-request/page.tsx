"use client";

/**
 * Transfer-request page (spec §2, §5): user, coin and amount (≥ 1) → POST /api/transfer-requests.
 * The user is the signed-in member (the server refuses anyone else); the server applies the
 * transfer rules (fee, minimum, spendable maximum, one pending request).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useMember } from "@/components/member/member-context";
import { useErrorText } from "@/components/member/queries";
import { useCreateTransferRequest } from "@/components/member/use-create-transfer-request";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { D } from "@/lib/money";

const AMOUNT = /^(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

export default function TransferRequestPage() {
  const t = useTranslations("Transfer");
  const { userId } = useMember();
  const errorText = useErrorText();
  const toast = useToast();
  const [coin, setCoin] = useState("WLD");
  const { amount, key, setAmount, reset } = useIdempotentAmount();
  const [error, setError] = useState<string | null>(null);

  const submit = useCreateTransferRequest({
    onSuccess: (res) => {
      toast(res?.message || t("done"), { kind: "success" });
      reset();
    },
    onError: (err) => setError(errorText(err, "transferFailed")),
  });

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/wallet-history" backLabel={t("back")} title={t("title")} />
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
          setError(null);
          submit.mutate({ coinSymbol: coin, amount: v, idempotencyKey: key });
        }}
      >
        <Input label={t("user")} value={userId} readOnly />
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
          {t("coin")}
          <select
            className="rounded-xl border border-gray-300 bg-white px-4 py-3 text-base"
            value={coin}
            onChange={(e) => setCoin(e.target.value)}
          >
            <option value="WLD">WLD</option>
          </select>
        </label>
        <AmountInput label={t("amount")} value={amount} onValueChange={setAmount} hint={t("hint")} />
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" size="lg" loading={submit.isPending}>
          {t("submit")}
        </Button>
      </form>
    </main>
  );
}
