"use client";

/**
 * Withdraw → transfer modal: wallet address first, fee by network, spendable = staked − fee
 * (floored to 2 decimals), minimum 5, one pending TRANSFER per coin. The member enters what
 * should arrive; the server adds the fee and reserves the total.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useMember } from "@/components/member/member-context";
import { enc, useErrorText, useProfile, useStaked, wldOf } from "@/components/member/queries";
import { useCreateTransferRequest } from "@/components/member/use-create-transfer-request";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { D, formatWld } from "@/lib/money";
import { checkTransferAmount, feeForWallet, MIN_TRANSFER, spendable } from "./rules";

export function TransferModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Wallet.transfer");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const profile = useProfile();
  const staked = useStaked();
  const errorText = useErrorText();
  const toast = useToast();
  // One key per amount: a double click or retry cannot create two requests.
  const { amount, key, setAmount, reset } = useIdempotentAmount();

  const walletAddr = profile.data?.walletAddr ?? null;
  const fee = feeForWallet(walletAddr);
  const stakedWld = wldOf(staked.data);
  const max = spendable(stakedWld, fee);
  const check = checkTransferAmount(amount, max);

  const duplicate = useQuery({
    queryKey: ["transfer-duplicate", userId],
    queryFn: () =>
      api<{ exists: boolean }>(
        `/api/transfer-requests/check-duplicate?userId=${enc(userId)}&coinSymbol=WLD&type=TRANSFER`,
      ),
    enabled: open && !!walletAddr,
    staleTime: 0,
  });

  const submit = useCreateTransferRequest({
    onSuccess: (res) => {
      toast(res?.message || t("submitted"), { kind: "success" });
      reset();
      onClose();
    },
  });

  const [network, exchange, address] = useMemo(() => (walletAddr ?? "").split("|"), [walletAddr]);
  const loading = profile.isPending || staked.isPending;
  const insufficient = !loading && max.lt(MIN_TRANSFER);
  const error =
    check === "invalid"
      ? t("invalidAmount")
      : check === "belowMin"
        ? t("belowMin")
        : check === "aboveMax"
          ? t("aboveMax")
          : null;

  return (
    <Modal open={open} onClose={onClose} title={t("title")} closeLabel={tc("close")}>
      {loading ? (
        <div className="flex flex-col gap-2">
          <div className="skeleton h-6 w-full" />
          <div className="skeleton h-6 w-2/3" />
        </div>
      ) : profile.isError || staked.isError ? (
        <p role="alert" className="text-rose-600">
          {errorText(profile.error ?? staked.error, profile.isError ? "walletCheckFailed" : "balanceCheckFailed")}
        </p>
      ) : !walletAddr ? (
        <div className="flex flex-col gap-3">
          <p role="alert">{t("walletRequired")}</p>
          <Link href="/settings" className="rounded-xl bg-brand py-3 text-center font-semibold text-white">
            {t("goSettings")}
          </Link>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (check === "ok" && !duplicate.data?.exists)
              submit.mutate({ coinSymbol: "WLD", amount: amount.trim(), idempotencyKey: key });
          }}
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-gray-50 p-3 text-sm">
            <dt className="text-gray-500">{t("address")}</dt>
            <dd className="break-all text-right" data-testid="transfer-address">
              {network} · {exchange}
              <br />
              <span className="font-mono text-xs">{address}</span>
            </dd>
            <dt className="text-gray-500">{t("staked")}</dt>
            <dd className="text-right">{formatWld(stakedWld, true)} WLD</dd>
            <dt className="text-gray-500">{t("fee")}</dt>
            <dd className="text-right" data-testid="transfer-fee">
              {formatWld(fee)} WLD
            </dd>
            <dt className="text-gray-500">{t("spendable")}</dt>
            <dd className="text-right font-semibold" data-testid="transfer-spendable">
              {formatWld(max)} WLD
            </dd>
          </dl>
          {insufficient && (
            <FormAlert>{t("insufficient", { staked: formatWld(stakedWld, true), fee: formatWld(fee) })}</FormAlert>
          )}
          {duplicate.isError && <FormAlert>{errorText(duplicate.error, "duplicateCheckFailed")}</FormAlert>}
          {duplicate.data?.exists && <FormAlert>{t("pending")}</FormAlert>}
          <AmountInput
            label={t("amount")}
            value={amount}
            onValueChange={setAmount}
            hint={t("amountHint", { min: MIN_TRANSFER.toFixed() })}
            error={error}
          />
          {check === "ok" && (
            <p className="text-sm text-gray-600" data-testid="transfer-total">
              {t("total", { total: formatWld(new D(amount.trim()).add(fee)) })}
            </p>
          )}
          {submit.isError && <FormAlert>{errorText(submit.error, "transferFailed")}</FormAlert>}
          <Button
            type="submit"
            size="lg"
            loading={submit.isPending}
            disabled={check !== "ok" || !!duplicate.data?.exists || duplicate.isPending || insufficient}
          >
            {t("submit")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
