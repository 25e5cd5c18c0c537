"use client";

import { Input, type InputProps } from "@/components/ui/input";

/**
 * A code field: the label is its accessible name; numeric keypad and the platform's one-time-code autofill.
 * With `recovery` letters are allowed too (a recovery code such as ABCD-EFGH-JKLM-NPQR).
 */
export function OtpInput({ recovery = false, ...rest }: InputProps & { recovery?: boolean }) {
  return (
    <Input
      autoComplete="one-time-code"
      inputMode={recovery ? "text" : "numeric"}
      autoCapitalize={recovery ? "characters" : "none"}
      spellCheck={false}
      maxLength={recovery ? 24 : 6}
      {...rest}
    />
  );
}
