"use client";

/**
 * The Travel Rule step of a transfer or withdraw (the Act on Reporting and Using Specified Financial Transaction
 * Information; see ./use-send-steps.ts for when it is asked): a Korean exchange holds a deposit of the threshold
 * or more that arrives without the sender's and the recipient's names, so the member names the recipient as
 * registered at the receiving exchange (`수취인 이름`), says whether the account is their own (`본인 계정`) and,
 * for someone else, their relationship (`관계`). The sender's details come from the member's record.
 */
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { type Dec, formatKrw, formatWld } from "@/lib/money";
import { formatKrwText, parseDecimal } from "@/lib/money-text";
import { type Relationship, RELATIONSHIPS } from "@/lib/travel-rule/fields";
import type { SendSteps } from "./use-send-steps";

export function TravelRuleStep({
  steps,
  originatorName,
  amount,
  amountKrw,
  error,
}: {
  steps: SendSteps;
  /** The member's own name: what `본인 계정` fills in when the name is still empty. */
  originatorName: string | undefined;
  amount: Dec;
  amountKrw: Dec | null;
  /** Another refusal of the request, shown here too. */
  error: string | null;
}) {
  const t = useTranslations("Wallet.travelRule");
  const tn = useTranslations("Wallet.send");
  const tr = useTranslations("Wallet.review");
  const locale = useLocale();
  const { recipient, missing, attempts, setRecipient, thresholdKrw } = steps;
  const nameRef = useRef<HTMLInputElement>(null);
  const selfRef = useRef<HTMLInputElement>(null);
  const relationRef = useRef<HTMLSelectElement>(null);
  const ids = useId();
  const errorOf = (field: (typeof missing)[number]) => (missing.includes(field) ? t(`missing.${field}`) : null);

  // After a refused "next" (or the server's TRAVEL_RULE_REQUIRED), the first field it names gets the focus:
  // on each attempt, not while the member types.
  useEffect(() => {
    const first = missing[0];
    if (!first) return;
    ({ recipientName: nameRef, selfOwned: selfRef, relationship: relationRef })[first].current?.focus();
  }, [attempts]);

  const selfError = errorOf("selfOwned");
  const relationError = errorOf("relationship");
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="travel-rule-step"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        steps.next();
      }}
    >
      <h3 className="font-semibold">{t("title")}</h3>
      <p className="rounded-xl bg-blue-50 p-3 text-sm text-blue-950" data-testid="travel-rule-why">
        {thresholdKrw && parseDecimal(thresholdKrw)?.gt(0)
          ? t("why", { threshold: formatKrwText(thresholdKrw, locale) })
          : t("whyEvery")}
      </p>
      <p className="text-sm text-gray-600 tabular-nums">
        {t("amount", {
          amount: formatWld(amount, true),
          krw: amountKrw ? tr("krw", { value: formatKrw(amountKrw) }) : "—",
        })}
      </p>
      <Input
        ref={nameRef}
        label={t("recipientName")}
        hint={t("recipientNameHint")}
        value={recipient.recipientName}
        maxLength={100}
        autoComplete="off"
        error={errorOf("recipientName")}
        onChange={(e) => setRecipient({ ...recipient, recipientName: e.target.value })}
      />
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-3 text-base" htmlFor={`${ids}-self`}>
          <input
            ref={selfRef}
            id={`${ids}-self`}
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-brand"
            checked={recipient.selfOwned}
            aria-describedby={`${ids}-self-hint${selfError ? ` ${ids}-self-error` : ""}`}
            aria-invalid={selfError ? true : undefined}
            onChange={(e) =>
              setRecipient({
                ...recipient,
                selfOwned: e.target.checked,
                recipientName:
                  e.target.checked && !recipient.recipientName.trim()
                    ? (originatorName ?? "")
                    : recipient.recipientName,
              })
            }
          />
          {t("selfOwned")}
        </label>
        <p id={`${ids}-self-hint`} className="text-xs text-gray-500">
          {t("selfOwnedHint")}
        </p>
        {selfError && (
          <p id={`${ids}-self-error`} role="alert" className="text-sm text-rose-600">
            {selfError}
          </p>
        )}
      </div>
      {!recipient.selfOwned && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-rel`} className="text-sm font-medium text-gray-700">
            {t("relationship")}
          </label>
          <select
            ref={relationRef}
            id={`${ids}-rel`}
            className={`min-h-11 rounded-xl border bg-white px-4 py-3 text-base ${relationError ? "border-rose-500" : "border-gray-300"}`}
            value={recipient.relationship}
            aria-invalid={relationError ? true : undefined}
            aria-describedby={relationError ? `${ids}-rel-error` : undefined}
            onChange={(e) => setRecipient({ ...recipient, relationship: e.target.value as Relationship | "" })}
          >
            <option value="">{t("choose")}</option>
            {RELATIONSHIPS.map((r) => (
              <option key={r} value={r}>
                {t(`relationships.${r}`)}
              </option>
            ))}
          </select>
          {relationError && (
            <p id={`${ids}-rel-error`} role="alert" className="text-sm text-rose-600">
              {relationError}
            </p>
          )}
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={steps.back}>
          {t("back")}
        </Button>
        <Button type="submit">{tn("next")}</Button>
      </div>
    </form>
  );
}
