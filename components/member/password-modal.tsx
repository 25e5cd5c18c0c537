"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { useMember } from "./member-context";
import { enc } from "./queries";
import { useErrorText } from "./error-text";
import { devicesKey } from "./settings/use-devices";
import { refreshQueries } from "@/lib/client/refresh";

/**
 * Password change: current, new and confirmation all filled and new = confirmation, else 'enter the password
 * correctly'. The server ends the member's other sessions and keeps this one, so the device list refreshes.
 */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Settings.password");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [invalid, setInvalid] = useState(false);

  const reset = () => {
    setCurrent("");
    setNext("");
    setConfirm("");
    setInvalid(false);
  };

  const change = useMutation({
    mutationFn: () =>
      api(`/api/users/by-id/${enc(userId)}/password`, {
        method: "PATCH",
        body: { currentPassword: current, newPassword: next },
      }),
    onSuccess: () => {
      toast(t("changed"), { kind: "success", durationMs: 2000 });
      void refreshQueries(qc, { queryKey: devicesKey });
      reset();
      onClose();
    },
    onError: (err) => toast(errorText(err, "changeFailed"), { kind: "error", durationMs: 2000 }),
  });

  return (
    <Modal
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t("title")}
      closeLabel={tc("close")}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!current || !next || !confirm || next !== confirm) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          change.mutate();
        }}
      >
        <PasswordInput label={t("current")} value={current} onValueChange={setCurrent} />
        <PasswordInput label={t("new")} autoComplete="new-password" value={next} onValueChange={setNext} />
        <PasswordInput label={t("confirm")} autoComplete="new-password" value={confirm} onValueChange={setConfirm} />
        {invalid && <FormAlert>{t("invalid")}</FormAlert>}
        <Button type="submit" size="lg" loading={change.isPending}>
          {t("submit")}
        </Button>
      </form>
    </Modal>
  );
}
