"use client";

/**
 * The steps of a transfer or withdraw, shared by the send modal and the transfer page so both ask the same:
 * the amount, then — when its KRW value at the price the form shows reaches the Travel Rule's threshold — the
 * recipient's details, then the review. The server judges the threshold again at the request's price; its
 * 400 TRAVEL_RULE_REQUIRED brings the member back to the fields it names (`missing`), asked for that amount
 * from then on. Below the threshold nothing extra is asked and no `travelRule` is sent.
 */
import { useState } from "react";
import { ApiError } from "@/lib/client/api";
import type { Dec } from "@/lib/money";
import { parseDecimal } from "@/lib/money-text";
import { missingTravelRuleFields, type TravelRuleField } from "@/lib/travel-rule/fields";
import { EMPTY_TRAVEL_RULE, type TravelRuleForm, travelRuleApplies, travelRuleBody } from "@/lib/wallet/review";

export type SendStep = "form" | "travelRule" | "review";

const FIELDS: readonly TravelRuleField[] = ["recipientName", "selfOwned", "relationship"];
/** What the server would name missing in these details (the same rule, lib/travel-rule/fields.ts). */
const missingOf = (form: TravelRuleForm) => missingTravelRuleFields(travelRuleBody(form));

export function useSendSteps({
  amount,
  priceKrw,
  thresholdKrw,
  onRecipientChange,
  onStepChange,
}: {
  /** The amount as typed. */
  amount: string;
  /** The WLD price the form shows (KRW). */
  priceKrw: Dec | null | undefined;
  /** GET withdraw-status `travelRuleThresholdKrw`; undefined while it loads. */
  thresholdKrw: string | undefined;
  /** The details are part of the request: a change makes it a new request (a new idempotency key). */
  onRecipientChange: () => void;
  /** The member moves between steps: a refusal shown on the last one is no longer current. */
  onStepChange: () => void;
}) {
  const [step, setStepState] = useState<SendStep>("form");
  const setStep = (next: SendStep) => {
    setStepState(next);
    onStepChange();
  };
  const [recipient, setRecipientState] = useState<TravelRuleForm>(EMPTY_TRAVEL_RULE);
  const [missing, setMissing] = useState<TravelRuleField[]>([]);
  const [attempts, setAttempts] = useState(0); // each refused "next" moves focus to the first missing field
  // The amount the server asked the details for, and the threshold it named.
  const [asked, setAsked] = useState<{ amount: string; thresholdKrw: string | undefined } | null>(null);
  const value = amount.trim();
  const typed = parseDecimal(value);
  const travelRule = asked?.amount === value || (typed !== null && travelRuleApplies(typed, priceKrw, thresholdKrw));

  return {
    step,
    /** The amount needs the recipient's details. */
    travelRule,
    thresholdKrw: thresholdKrw ?? asked?.thresholdKrw,
    recipient,
    missing,
    attempts,
    setRecipient(next: TravelRuleForm) {
      setRecipientState(next);
      const stillMissing = missingOf(next);
      setMissing((m) => m.filter((f) => stillMissing.includes(f)));
      onRecipientChange();
    },
    /** The request's `travelRule`, or undefined below the threshold. */
    body: travelRule ? travelRuleBody(recipient) : undefined,
    /** Forward from the amount (checked by the caller) or from complete details. */
    next() {
      if (step === "form") return setStep(travelRule ? "travelRule" : "review");
      const m = missingOf(recipient);
      setMissing(m);
      if (m.length === 0) setStep("review");
      else setAttempts((n) => n + 1);
    },
    back() {
      setStep(step === "review" && travelRule ? "travelRule" : "form");
    },
    /** 400 TRAVEL_RULE_REQUIRED: back to the fields it names. True when the refusal was this one. */
    refused(err: unknown): boolean {
      if (!(err instanceof ApiError) || err.code !== "TRAVEL_RULE_REQUIRED") return false;
      const named = Array.isArray(err.body.missing) ? err.body.missing : [];
      setMissing(FIELDS.filter((f) => named.includes(f)));
      setAsked({
        amount: value,
        thresholdKrw: typeof err.body.thresholdKrw === "string" ? err.body.thresholdKrw : undefined,
      });
      setStepState("travelRule");
      setAttempts((n) => n + 1);
      return true;
    },
    /** After a success: a new request starts from the amount with empty details. */
    reset() {
      setStepState("form");
      setRecipientState(EMPTY_TRAVEL_RULE);
      setMissing([]);
      setAsked(null);
    },
  };
}

export type SendSteps = ReturnType<typeof useSendSteps>;
