"use client";

/**
 * Buy: a KRW amount → a DEPOSIT request through POST /api/requests/deposit with an
 * idempotency key. The server prices it (a price at most 2 minutes old, held 10 minutes) and converts at 6
 * decimals, rounded down; the form previews the same conversion at the price on screen, and the receipt shows
 * the server's price and amount. Nothing arrives until an administrator confirms the payment.
 * The receipt says where and how to pay (deposit-instructions.tsx). Loaded lazily (React.lazy) when opened.
 * A price the server would refuse (stale: the last refresh failed, so it may be older than the 2 minutes a deposit
 * needs; not usable; or only the demo history; asked again when the modal opens) disables the button before the member types, with the reason and
 * the price's time, above the field. The price is asked again every 30 s, which reopens it.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useMember } from "@/components/member/member-context";
import { priceDec } from "@/components/member/decimals";
import { useWldPrice } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { useIdempotentAmount } from "@/components/member/use-idempotent-amount";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { MaintenanceBanner } from "@/components/maintenance/maintenance-banner";
import { Modal } from "@/components/ui/modal";
import { api } from "@/lib/client/api";
import { formatKrw } from "@/lib/money";
import type { CreatedDeposit } from "@/lib/wallet/requests";
import { buyPreview, checkBuyAmount, plainKrw } from "@/lib/wallet/review";
import { CoinSelect } from "./coin-select";
import { DepositInstructions } from "./deposit-instructions";
import { Receipt, wldRow } from "./receipt";
import { refreshQueries } from "@/lib/client/refresh";

const BUY_FEATURES = ["buy"] as const;

export function BuyModal({ onClose }: { onClose: () => void }) {
  const t = useTranslations("Wallet.buy");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const price = useWldPrice();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const { amount, key, setAmount, reset } = useIdempotentAmount();
  const [coin, setCoin] = useState("WLD");
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<CreatedDeposit | null>(null);

  // The price the page loaded with may have aged: ask again as the modal opens, then every 30 s.
  useEffect(() => {
    refreshQueries(qc, { queryKey: ["price", "WLD"], exact: true });
  }, [qc]);

  const quote = price.data;
  const format = useFormatter();
  const shown = !!quote && quote.usable !== false && !quote.seeded; // a price worth showing at all
  const stale = shown && quote.stale === true;
  const usable = shown && !stale;
  const priceKrw = quote ? priceDec(quote.price) : null;
  const check = checkBuyAmount(amount, priceKrw);
  const preview = check === "ok" && priceKrw ? buyPreview(plainKrw(amount), priceKrw) : null;
  const showError = (tried || (amount.trim() !== "" && check !== "ok")) && (check !== "ok" || coin !== "WLD");

  const buy = useMutation({
    mutationFn: () =>
      api<{ message?: string; request: CreatedDeposit }>("/api/requests/deposit", {
        method: "POST",
        body: { userId, coinSymbol: coin, amount: plainKrw(amount), type: "DEPOSIT" },
        idempotencyKey: key,
      }),
    onSuccess: (res) => {
      setDone(res.request);
      reset();
      refreshQueries(qc, { queryKey: ["my-requests", userId] });
      refreshQueries(qc, { queryKey: ["transfer-duplicate", userId] });
    },
  });

  return (
    <Modal open onClose={onClose} title={t("title")} closeLabel={tc("close")}>
      <MaintenanceBanner features={BUY_FEATURES} />
      {done ? (
        <Receipt
          title={t("receiptTitle")}
          id={done.id}
          status={done.status}
          rows={[
            { label: t("krwAmount"), value: `₩${formatKrw(done.krwAmount)}` },
            { label: t("price"), value: `₩${formatKrw(done.priceKrw)}`, testId: "receipt-price" },
            wldRow(t("receive"), done.amount, { strong: true, testId: "receipt-amount" }),
          ]}
          note={t("adminNote")}
          onClose={onClose}
        >
          <DepositInstructions
            krwAmount={done.krwAmount}
            depositorName={done.depositorName}
            quoteExpiresAt={done.quoteExpiresAt}
          />
        </Receipt>
      ) : (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (check === "ok" && coin === "WLD" && usable) buy.mutate();
          }}
        >
          <CoinSelect label={t("coin")} value={coin} onChange={setCoin} />
          {!price.isPending && !usable && (
            <FormAlert>
              <span id="buy-blocked" data-testid="buy-blocked">
                {stale
                  ? t("priceStale", {
                      time: format.dateTime(new Date(quote.updatedAt), { timeStyle: "short" }),
                    })
                  : t("priceUnavailable")}
              </span>
            </FormAlert>
          )}
          <AmountInput
            label={t("amount")}
            value={amount}
            onValueChange={setAmount}
            inputMode="numeric"
            hint={t("hint")}
            error={showError ? (check === "tooSmall" ? t("tooSmall") : t("invalid")) : null}
          />
          <dl className="divide-y divide-gray-100 rounded-xl bg-gray-50 px-3 text-sm">
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-gray-600">{t("priceNow")}</dt>
              <dd className="tabular-nums" data-testid="buy-price">
                {price.isPending ? (
                  <span className="skeleton inline-block h-4 w-20 align-middle" />
                ) : priceKrw && shown ? (
                  `₩${formatKrw(priceKrw)}`
                ) : (
                  "—"
                )}
              </dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-gray-600">{t("receiveEstimate")}</dt>
              <dd className="font-semibold tabular-nums" data-testid="buy-receive">
                {preview && usable ? `${preview.toFixed(6)} WLD` : "—"}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-gray-600">
            {t("adminNote")} {t("quoteNote")}
          </p>
          {buy.isError && <FormAlert>{errorText(buy.error, "requestFailed")}</FormAlert>}
          <Button
            type="submit"
            size="lg"
            loading={buy.isPending}
            disabled={!usable}
            aria-describedby={!price.isPending && !usable ? "buy-blocked" : undefined}
          >
            {t("submit")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
