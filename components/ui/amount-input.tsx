"use client";

import { Input, type InputProps } from "./input";

type AmountInputProps = Omit<InputProps, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled decimal amount field (numeric keypad, no autofill); the text is kept as typed. */
export function AmountInput({ onValueChange, ...rest }: AmountInputProps) {
  return <Input inputMode="decimal" autoComplete="off" {...rest} onChange={(e) => onValueChange(e.target.value)} />;
}
