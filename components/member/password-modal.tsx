"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { useMember } from "./member-context";
import { enc } from "./queries";
import { useErrorText } from "./error-text";
import { usePasswordForm } from "./settings/password-form";
import { devicesKey } from "./settings/use-devices";
import { refreshQueries } from "@/lib/client/refresh";

/**
 * Password change: current, new and confirmation all filled and new = confirmation, else 'enter the password
 * correctly', said under the field (./settings/password-form.ts). The server refuses a new password equal
 * to the current one (SAME_PASSWORD); otherwise it ends the member's other sessions and keeps this one, so the device
 * list refreshes.
 */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Settings.password");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const pw = usePasswordForm();

  const change = useMutation({
    mutationFn: () =>
      api(`/api/users/by-id/${enc(userId)}/password`, {
        method: "PATCH",
        body: { currentPassword: pw.values.current, newPassword: pw.values.next },
      }),
    onSuccess: () => {
      toast(t("changed"), { kind: "success", durationMs: 2000 });
      void refreshQueries(qc, { queryKey: devicesKey });
      pw.reset();
      onClose();
    },
    // A refusal about one field is said under it; anything else as before, in a toast.
    onError: (err) => {
      if (!pw.showServerError(err)) toast(errorText(err, "changeFailed"), { kind: "error", durationMs: 2000 });
    },
  });

  return (
    <Modal
      open={open}
      onClose={() => {
        pw.reset();
        onClose();
      }}
      title={t("title")}
      closeLabel={tc("close")}
    >
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (pw.check()) change.mutate();
        }}
      >
        <PasswordInput label={t("current")} {...pw.field("current")} />
        <PasswordInput label={t("new")} autoComplete="new-password" {...pw.field("next")} />
        <PasswordInput label={t("confirm")} autoComplete="new-password" {...pw.field("confirm")} />
        <Button type="submit" size="lg" loading={change.isPending}>
          {t("submit")}
        </Button>
      </form>
    </Modal>
  );
}
