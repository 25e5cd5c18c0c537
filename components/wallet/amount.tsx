"use client";

/**
 * A WLD amount as summaries show it: up to 2 decimals (cut, never rounded up), tabular figures. When the
 * amount has more decimals than that, it is a button: a tap shows the full figure and a second tap folds it.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Dec } from "@/lib/money";
import { COIN_DECIMALS_TEXT, formatDecimal, formatWldText } from "@/lib/money-text";

export function WldAmount({
  value,
  coin = "WLD",
  prefix = "",
  className = "",
  testId,
}: {
  value: Dec | string;
  coin?: string;
  prefix?: string;
  className?: string;
  testId?: string;
}) {
  const t = useTranslations("Wallet");
  const [full, setFull] = useState(false);
  const exact = typeof value === "string" ? value : value.toFixed();
  const short = formatWldText(exact);
  const whole = formatDecimal(exact, COIN_DECIMALS_TEXT);
  const text = (v: string) => `${prefix}${v}${coin ? ` ${coin}` : ""}`;
  if (short === whole)
    return (
      <span className={`tabular-nums ${className}`} data-testid={testId}>
        {text(short)}
      </span>
    );
  return (
    <button
      type="button"
      onClick={() => setFull((f) => !f)}
      aria-expanded={full}
      title={t("showFull")}
      data-testid={testId}
      className={`-my-2 inline-flex min-h-11 items-center justify-end rounded-md text-right tabular-nums underline decoration-dotted decoration-gray-400 underline-offset-4 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-accent ${className}`}
    >
      {text(full ? whole : short)}
    </button>
  );
}
