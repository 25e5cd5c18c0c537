"use client";

/**
 * The password change's three fields (Settings' modal and the forced change after a reset): each problem
 * under its field — the spec's 'enter the password correctly' under the first empty one or under a confirmation that
 * does not match, and the server's refusal where it belongs (a wrong current password, a weak new one, or a new one
 * equal to the current: SAME_PASSWORD) — with the focus moved there.
 */
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ApiError } from "@/lib/client/api";

export type PasswordSlot = "current" | "next" | "confirm";
type Errors = Partial<Record<PasswordSlot, string>>;

const SERVER_SLOT: Record<string, PasswordSlot> = {
  WRONG_PASSWORD: "current",
  WEAK_PASSWORD: "next",
  SAME_PASSWORD: "next",
  PASSWORD_MISMATCH: "confirm",
};

export function usePasswordForm() {
  const t = useTranslations("Settings.password");
  const [values, setValues] = useState<Record<PasswordSlot, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<PasswordSlot, HTMLInputElement | null>>>({});

  const show = (next: Errors) => {
    setErrors(next);
    const first = (["current", "next", "confirm"] as const).find((k) => next[k]);
    if (first) inputs.current[first]?.focus();
  };

  /** Props of one field for PasswordInput (its value, its error, and a ref to focus it). */
  const field = (k: PasswordSlot) => ({
    name: k === "current" ? "currentPassword" : k === "next" ? "newPassword" : "newPasswordConfirm",
    value: values[k],
    error: errors[k],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[k] = el;
    },
    onValueChange: (v: string) => {
      setValues((x) => ({ ...x, [k]: v }));
      if (errors[k]) setErrors(({ [k]: _gone, ...rest }) => rest);
    },
  });

  /** The spec's rule before sending: true when the form may be sent. */
  const check = (): boolean => {
    const empty = (["current", "next", "confirm"] as const).find((k) => !values[k]);
    if (empty) {
      show({ [empty]: t("invalid") });
      return false;
    }
    if (values.next !== values.confirm) {
      show({ confirm: t("invalid") });
      return false;
    }
    setErrors({});
    return true;
  };

  /** Shows a refusal under its field; false when it names none (the caller says it another way). */
  const showServerError = (err: unknown): boolean => {
    if (!(err instanceof ApiError) || !err.message) return false;
    const slot = SERVER_SLOT[err.code];
    if (!slot) return false;
    show({ [slot]: err.message });
    return true;
  };

  const reset = () => {
    setValues({ current: "", next: "", confirm: "" });
    setErrors({});
  };

  return { values, field, check, showServerError, reset };
}
