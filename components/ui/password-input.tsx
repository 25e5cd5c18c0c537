"use client";

import { Input, type InputProps } from "./input";

type PasswordInputProps = Omit<InputProps, "type" | "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** "current-password" (default) or "new-password", so password managers fill the right one. */
  autoComplete?: "current-password" | "new-password";
};

/** A labelled password field. */
export function PasswordInput({ onValueChange, autoComplete = "current-password", ...rest }: PasswordInputProps) {
  return (
    <Input type="password" autoComplete={autoComplete} {...rest} onChange={(e) => onValueChange(e.target.value)} />
  );
}
