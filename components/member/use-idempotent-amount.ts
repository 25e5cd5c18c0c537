"use client";

import { useState } from "react";
import { newIdempotencyKey } from "@/lib/client/api";

/**
 * An amount field's text and the idempotency key of the request it would send. The key stays the
 * same while the amount does (a double click or retry cannot create two requests) and changes with
 * every edit and after a success (`reset`), so a new amount is a new request. `initial` prefills the field
 * (the send modal's one-tap swap offer).
 */
export function useIdempotentAmount(initial = "") {
  const [amount, setAmountText] = useState(initial);
  const [key, setKey] = useState(newIdempotencyKey);
  const setAmount = (value: string) => {
    setAmountText(value);
    setKey(newIdempotencyKey());
  };
  const reset = () => setAmount("");
  return { amount, key, setAmount, reset };
}
