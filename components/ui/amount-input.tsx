"use client";

import { Input, type InputProps } from "./input";

type AmountInputProps = Omit<InputProps, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** A 최대 button inside the field's right edge: its visible label and what it does (fills the most allowed). */
  maxButton?: { label: string; onClick: () => void; disabled?: boolean };
};

/** A labelled decimal amount field (numeric keypad, no autofill); the text is kept as typed. */
export function AmountInput({ onValueChange, maxButton: max, ...rest }: AmountInputProps) {
  const field = (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      style={max ? { paddingRight: "4.75rem" } : undefined}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
  if (!max) return field;
  // The label is one line (text-sm, 20 px) above the 50 px field with a 4 px gap: the button sits inside the field.
  return (
    <div className="relative">
      {field}
      <button
        type="button"
        onClick={max.onClick}
        disabled={max.disabled}
        data-testid="amount-max"
        className="absolute top-[27px] right-1 inline-flex h-11 min-w-16 items-center justify-center rounded-lg bg-gray-100 px-3 text-sm font-semibold text-gray-900 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-accent disabled:text-gray-400"
      >
        {max.label}
      </button>
    </div>
  );
}
