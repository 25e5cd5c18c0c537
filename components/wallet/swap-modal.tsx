"use client";

/**
 * SWAP: WLD holding → staked (the protected lock). Confirm is disabled while the amount is not
 * above 0 or exceeds the holding; a second step warns that the protected lock applies. Opened from the staking
 * tab, or from the send modal when the lock balance is empty and WLD is held (prefilled with the holding).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useMember } from "@/components/member/member-context";
import { wldOf } from "@/components/member/decimals";
import { enc, keys, useCoins, useLockRelease } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { MaintenanceBanner } from "@/components/maintenance/maintenance-banner";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { D, formatWld } from "@/lib/money";
import { lockReleased } from "@/lib/wallet/lock-released";
import { swapAmountState } from "./rules";
import { refreshQueries } from "@/lib/client/refresh";

const SWAP_FEATURES = ["swap"] as const;

export function SwapModal({
  open,
  onClose,
  initialAmount,
}: {
  open: boolean;
  onClose: () => void;
  /** Prefills the amount (the send modal offers the member's whole holding in one tap). */
  initialAmount?: string;
}) {
  const t = useTranslations("Wallet.swap");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const coins = useCoins();
  const lock = useLockRelease();
  const format = useFormatter();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const { amount, key, setAmount, reset } = useIdempotentAmount(initialAmount);
  const [confirming, setConfirming] = useState(false);

  const holding = wldOf(coins.data);
  const state = swapAmountState(amount, holding);

  const close = () => {
    setConfirming(false);
    onClose();
  };

  const swap = useMutation({
    mutationFn: () =>
      api(`/api/users/${enc(userId)}/swap`, { method: "POST", body: { amount: amount.trim() }, idempotencyKey: key }),
    onSuccess: () => {
      toast(t("done"), { kind: "success" });
      refreshQueries(qc, { queryKey: keys.coins(userId) });
      refreshQueries(qc, { queryKey: keys.staked(userId) });
      refreshQueries(qc, { queryKey: ["transactions", userId] });
      refreshQueries(qc, { queryKey: ["withdraw-status", userId] });
      reset();
      close();
    },
    onError: () => setConfirming(false),
  });

  const release = lock.data ? format.dateTime(new Date(lock.data), { dateStyle: "long", timeStyle: "short" }) : "";
  // Once the protected lock has ended, the warning says no lock applies instead of naming a past date.
  const released = lockReleased(lock.data, Date.now());

  return (
    <Modal open={open} onClose={close} title={t("title")} closeLabel={tc("close")}>
      <MaintenanceBanner features={SWAP_FEATURES} />
      {confirming ? (
        <div
          className="flex flex-col gap-4"
          role="alertdialog"
          aria-label={released ? t("confirmTitleReleased") : t("confirmTitle")}
        >
          <p className="font-semibold">{released ? t("confirmTitleReleased") : t("confirmTitle")}</p>
          <p className="text-sm text-gray-700">
            {released
              ? t("confirmTextReleased", { amount: formatWld(new D(amount.trim()), true) })
              : t("confirmText", { amount: formatWld(new D(amount.trim()), true), date: release })}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {tc("cancel")}
            </Button>
            <Button loading={swap.isPending} onClick={() => swap.mutate()}>
              {t("confirmSwap")}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (state === "ok") setConfirming(true);
          }}
        >
          <p className="text-sm text-gray-600">
            {t("holding")}{" "}
            {coins.isPending ? (
              <span className="skeleton inline-block h-4 w-16 align-middle" />
            ) : (
              <strong data-testid="swap-holding">{formatWld(holding, true)} WLD</strong>
            )}
          </p>
          <AmountInput
            label={t("amount")}
            value={amount}
            onValueChange={setAmount}
            error={state === "over" ? t("over") : state === "invalid" ? t("invalid") : null}
          />
          <p className="text-xs text-gray-600" data-testid="swap-lock-note">
            {released ? t("lockNoneNote", { date: release }) : t("lockNote", { date: release })}
          </p>
          {swap.isError && <FormAlert>{errorText(swap.error, "swapFailed")}</FormAlert>}
          <Button type="submit" size="lg" disabled={state !== "ok"}>
            {tc("confirm")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
