"use client";

/**
 * The forced password change after a reset (app/lang/[locale]/(member)/settings/password): the temporary password,
 * the new one twice, and nothing else but logging out — the server answers nothing else until it is done. On
 * success a full navigation to the member's home (or the console) renders the layouts again without the block.
 */
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { LogoutButton } from "@/components/auth/logout-button";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiError, api } from "@/lib/client/api";
import { isAdminRole } from "@/lib/auth/permissions";
import { useErrorText } from "../error-text";
import { useMember } from "../member-context";
import { enc } from "../queries";
import { usePasswordForm } from "./password-form";

export function ForcedPasswordChange() {
  const t = useTranslations("Settings.forcedPassword");
  const tp = useTranslations("Settings.password");
  const { userId, role } = useMember();
  const errorText = useErrorText();
  const pw = usePasswordForm();

  const change = useMutation({
    mutationFn: () =>
      api(`/api/users/by-id/${enc(userId)}/password`, {
        method: "PATCH",
        body: { currentPassword: pw.values.current, newPassword: pw.values.next },
      }),
    onSuccess: () => window.location.assign(isAdminRole(role) ? "/admin" : "/home"),
    onError: (err) => pw.showServerError(err),
  });
  // A refusal that names no field (network, too many tries) is said above the button.
  const named =
    change.error instanceof ApiError &&
    ["WRONG_PASSWORD", "WEAK_PASSWORD", "SAME_PASSWORD", "PASSWORD_MISMATCH"].includes(change.error.code);

  return (
    <main className="flex flex-col gap-4 p-4">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p role="alert" className="break-keep rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {t("intro")}
      </p>
      <form
        className="flex flex-col gap-3 rounded-2xl border border-gray-200 p-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (pw.check()) change.mutate();
        }}
      >
        <PasswordInput label={t("current")} {...pw.field("current")} />
        <PasswordInput label={tp("new")} autoComplete="new-password" {...pw.field("next")} />
        <PasswordInput label={tp("confirm")} autoComplete="new-password" {...pw.field("confirm")} />
        {change.isError && !named && <FormAlert>{errorText(change.error, "changeFailed")}</FormAlert>}
        <Button type="submit" size="lg" loading={change.isPending || change.isSuccess}>
          {t("submit")}
        </Button>
      </form>
      <LogoutButton redirectTo="/login">{t("logout")}</LogoutButton>
    </main>
  );
}
