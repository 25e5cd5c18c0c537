"use client";

// Superadmin-only member actions: role change, referral code and temporary password.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import { ApiError, api } from "@/lib/client/api";
import { ROLES, type Role } from "@/lib/auth/roles";
import { AdminDialog, InputProblem, memoHeaders } from "@/components/admin/kit/dialog";
import { Field, Radios } from "@/components/admin/kit/fields";
import { base, type DialogProps } from "./types";

export function RoleDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const ta = useTranslations("AuditLog");
  const [role, setRole] = useState<Role>(member.role);
  return (
    <AdminDialog
      open
      title={t("action.role")}
      onClose={onClose}
      onConfirm={async (memo) => {
        // Granting a console role (a staff role, ADMIN or SUPERADMIN) is a four-eyes proposal: 202 { proposal }
        // (the memo is its reason).
        const r = await api<{ proposal?: unknown } | null>(`${base(member)}/toggle-role`, {
          method: "PATCH",
          body: { role },
          headers: memoHeaders(memo),
        });
        onDone(r?.proposal ? t("done.proposed") : t("done.role", { role }));
      }}
    >
      <Radios
        legend={t("col.role")}
        value={role}
        onChange={setRole}
        options={ROLES.map((r) => ({ value: r, label: ta(`value.${r}`) }))}
      />
      <p className="text-sm text-gray-600">{t("roleGrantNote")}</p>
    </AdminDialog>
  );
}

export function RefCodeDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const ts = useTranslations("Admin.shell");
  const te = useTranslations("Errors");
  const [code, setCode] = useState(member.refCode);
  return (
    <AdminDialog
      open
      title={t("action.refCode")}
      onClose={onClose}
      errorText={(e) => (e instanceof ApiError && e.code === "REFCODE_IN_USE" ? ts("refCodeInUse") : null)}
      onConfirm={async (memo) => {
        if (!code.trim()) throw new InputProblem(te("REFCODE_REQUIRED"));
        await api(`${base(member)}/ref-code`, {
          method: "PATCH",
          body: { refCode: code.trim() },
          headers: memoHeaders(memo),
        });
        onDone(t("done.refCode"));
      }}
    >
      <Field label={t("field.refCode")} value={code} onChange={setCode} />
    </AdminDialog>
  );
}

export function TempPasswordDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const toast = useToast();
  const [password, setPassword] = useState<string | null>(null);
  return (
    <AdminDialog
      open
      danger
      done={password !== null}
      title={t("action.tempPassword")}
      onClose={onClose}
      onConfirm={async (memo) => {
        // Another administrator's password: a four-eyes proposal (202 { proposal }, the memo is its reason); the
        // approving SUPERADMIN is shown the password in /admin/approvals.
        const r = await api<{ temporaryPassword?: string }>(`${base(member)}/password-reset`, {
          method: "PATCH",
          headers: memoHeaders(memo),
        });
        if (!r.temporaryPassword) {
          onDone(t("done.proposed"));
          return;
        }
        setPassword(r.temporaryPassword);
        toast(t("done.tempPassword"), { kind: "success" });
      }}
    >
      {password === null ? (
        <>
          <p className="text-sm">{t("confirmTempPassword", { userId: member.userId })}</p>
          {member.role !== "USER" && <p className="text-sm text-gray-600">{t("tempPasswordProposal")}</p>}
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold">{t("tempPasswordOnce")}</p>
          <output
            className="select-all rounded-lg bg-gray-900 px-3 py-2 font-mono text-white"
            data-testid="temp-password"
          >
            {password}
          </output>
        </div>
      )}
    </AdminDialog>
  );
}
