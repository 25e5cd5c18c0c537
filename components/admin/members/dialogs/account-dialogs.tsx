"use client";

/**
 * Account safety actions of a SUPERADMIN (offered from the permission table, lib/auth/permissions.ts):
 * - 2단계 인증 초기화 — PATCH /api/admin/users/{id}/two-factor-reset: a member's at once (200 { reset }), another
 *   administrator's as a four-eyes proposal (202 { proposal }, the memo is its reason);
 * - 출금 한도 변경 — PATCH /api/admin/users/{id}/withdraw-limit { limitKrw | null, reason }: always a proposal
 *   another SUPERADMIN approves in /admin/approvals; the memo is the mandatory reason.
 * Both send an Idempotency-Key (a retried click changes nothing twice; a changed body, e.g. after a refused
 * attempt without the memo, gets a new one).
 */
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { api, newIdempotencyKey } from "@/lib/client/api";
import { AdminDialog, InputProblem, memoHeaders } from "@/components/admin/kit/dialog";
import { Field, Radios } from "@/components/admin/kit/fields";
import { base, type DialogProps } from "./types";

/** One Idempotency-Key per distinct body: the same retry keeps it, another body gets a new one. */
function useKeyFor() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}

export function TwoFactorResetDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const keyFor = useKeyFor();
  return (
    <AdminDialog
      open
      danger
      title={t("action.twoFactorReset")}
      onClose={onClose}
      onConfirm={async (memo) => {
        const body = memo.trim() ? { reason: memo.trim() } : {};
        const r = await api<{ reset?: boolean; proposal?: unknown }>(`${base(member)}/two-factor-reset`, {
          method: "PATCH",
          body,
          headers: memoHeaders(memo),
          idempotencyKey: keyFor(body),
        });
        onDone(
          r?.proposal ? t("done.proposed") : r?.reset === false ? t("done.twoFactorWasOff") : t("done.twoFactorReset"),
        );
      }}
    >
      <p className="text-sm">{t("confirmTwoFactorReset", { userId: member.userId })}</p>
      {member.role !== "USER" && <p className="text-sm text-gray-600">{t("twoFactorResetProposal")}</p>}
    </AdminDialog>
  );
}

const WHOLE_KRW = /^\d{1,15}$/;

export function WithdrawLimitDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const [mode, setMode] = useState<"own" | "default">("own");
  const [amount, setAmount] = useState("");
  const keyFor = useKeyFor();
  return (
    <AdminDialog
      open
      title={t("action.withdrawLimit")}
      onClose={onClose}
      onConfirm={async (memo) => {
        const digits = amount.replace(/[,\s]/g, "");
        if (mode === "own" && !WHOLE_KRW.test(digits)) throw new InputProblem(t("withdrawLimitInvalid"));
        const body = { limitKrw: mode === "own" ? digits : null, reason: memo.trim() };
        await api(`${base(member)}/withdraw-limit`, {
          method: "PATCH",
          body,
          headers: memoHeaders(memo),
          idempotencyKey: keyFor(body),
        });
        onDone(t("done.proposed"));
      }}
    >
      <Radios
        legend={t("withdrawLimitMode")}
        value={mode}
        onChange={setMode}
        options={[
          { value: "own", label: t("withdrawLimitOwn") },
          { value: "default", label: t("withdrawLimitDefault") },
        ]}
      />
      {mode === "own" && (
        <>
          <Field label={t("withdrawLimitField")} value={amount} onChange={setAmount} inputMode="numeric" />
          <p className="text-xs text-gray-600">{t("withdrawLimitHint")}</p>
        </>
      )}
      <p className="text-sm text-gray-600">{t("withdrawLimitNote")}</p>
    </AdminDialog>
  );
}
