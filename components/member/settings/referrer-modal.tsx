"use client";

/**
 * Settings → 추천인 코드: a member who has no referrer yet enters one code, once (POST
 * /api/users/by-id/{userId}/referrer). Empty → '추천인 코드를 입력해주세요.' (the spec: must be non-empty);
 * the server's answer otherwise (unknown code, own code, already set).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMember } from "@/components/member/member-context";
import { enc, keys } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";

export function ReferrerModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Settings.referrer");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (refCode: string) =>
      api<{ refId: string }>(`/api/users/by-id/${enc(userId)}/referrer`, { method: "POST", body: { refCode } }),
    onSuccess: () => {
      toast(t("saved"), { kind: "success", durationMs: 2000 });
      setCode("");
      void refreshQueries(qc, { queryKey: keys.profile(userId) });
      onClose();
    },
    onError: (err) => setError(errorText(err, "registrationFailed")),
  });

  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title={t("title")} closeLabel={tc("close")}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const value = code.trim();
          if (!value) {
            setError(t("required"));
            return;
          }
          setError(null);
          save.mutate(value);
        }}
      >
        <Input
          label={t("label")}
          name="refCode"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          error={error}
          hint={t("onceNote")}
        />
        <Button type="submit" size="lg" loading={save.isPending}>
          {t("submit")}
        </Button>
      </form>
    </Modal>
  );
}
