"use client";

// Member profile actions: phone, ID document view / approve / reject, wallet reset and delete.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { AdminDialog, InputProblem, memoHeaders } from "@/components/admin/kit/dialog";
import { Field, TextArea } from "@/components/admin/kit/fields";
import { useMemberIdDocument } from "../queries";
import { base, type DialogProps } from "./types";

export function PhoneDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const te = useTranslations("Errors");
  const [phone, setPhone] = useState(member.phone ?? "");
  return (
    <AdminDialog
      open
      title={t("action.phone")}
      onClose={onClose}
      onConfirm={async (memo) => {
        if (!phone.trim()) throw new InputProblem(te("PHONE_REQUIRED"));
        await api(`${base(member)}/phone`, {
          method: "PATCH",
          body: { phone: phone.trim() },
          headers: memoHeaders(memo),
        });
        onDone(t("done.phone"));
      }}
    >
      <Field label={t("field.phone")} value={phone} onChange={setPhone} inputMode="tel" />
    </AdminDialog>
  );
}

export function IdViewDialog({ member, onClose }: DialogProps) {
  const t = useTranslations("Admin.members");
  const doc = useMemberIdDocument(member.id, true);
  return (
    <AdminDialog open done title={t("action.idView")} onClose={onClose}>
      <p className="text-sm">
        {t("col.idStatus")}: <strong>{doc.data ? t(`idStatus.${doc.data.idStatus}`) : "…"}</strong>
      </p>
      {doc.data?.reason && <p className="text-sm text-gray-700">{t("reasonShown", { reason: doc.data.reason })}</p>}
      {doc.isPending && <div aria-hidden="true" className="skeleton h-48 w-full" />}
      {doc.isError && (
        <p role="alert" className="text-sm text-rose-600">
          {t("loadFailed")}
        </p>
      )}
      {doc.data &&
        (doc.data.url ? (
          <img
            src={doc.data.url}
            alt={t("idImageAlt", { userId: member.userId })}
            className="max-h-80 w-full rounded-lg object-contain"
          />
        ) : (
          <p className="text-sm text-gray-600">{t("noImage")}</p>
        ))}
    </AdminDialog>
  );
}

export function IdApproveDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  return (
    <AdminDialog
      open
      title={t("action.idApprove")}
      onClose={onClose}
      onConfirm={async (memo) => {
        await api(`${base(member)}/approve-id`, { method: "PATCH", headers: memoHeaders(memo) });
        onDone(t("done.idApprove"));
      }}
    >
      <p className="text-sm">{t("confirmApprove", { userId: member.userId })}</p>
    </AdminDialog>
  );
}

export function IdRejectDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const te = useTranslations("Errors");
  const [reason, setReason] = useState("");
  return (
    <AdminDialog
      open
      danger
      title={t("action.idReject")}
      onClose={onClose}
      onConfirm={async (memo) => {
        if (!reason.trim()) throw new InputProblem(te("REASON_REQUIRED"));
        await api(`${base(member)}/reject-id`, {
          method: "PATCH",
          body: { reason: reason.trim() },
          headers: memoHeaders(memo),
        });
        onDone(t("done.idReject"));
      }}
    >
      <TextArea label={t("field.reason")} value={reason} onChange={setReason} />
    </AdminDialog>
  );
}

export function WalletResetDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  return (
    <AdminDialog
      open
      danger
      title={t("action.walletReset")}
      onClose={onClose}
      onConfirm={async (memo) => {
        await api(`/api/users/by-id/${encodeURIComponent(member.userId)}/walletAddr`, {
          method: "DELETE",
          headers: memoHeaders(memo),
        });
        onDone(t("done.walletReset"));
      }}
    >
      <p className="text-sm">{t("confirmWalletReset", { userId: member.userId })}</p>
      <p className="break-all rounded-lg bg-gray-50 px-3 py-2 text-sm">{member.walletAddr || t("noWallet")}</p>
    </AdminDialog>
  );
}

export function DeleteDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const [typed, setTyped] = useState("");
  return (
    <AdminDialog
      open
      danger
      title={t("action.delete")}
      onClose={onClose}
      confirmDisabled={typed.trim() !== member.userId}
      onConfirm={async (memo) => {
        await api(base(member), { method: "DELETE", headers: memoHeaders(memo) });
        onDone(t("done.delete", { userId: member.userId }));
      }}
    >
      <p className="text-sm">{t("confirmDelete", { userId: member.userId })}</p>
      <Field label={t("field.confirmUserId")} value={typed} onChange={setTyped} />
    </AdminDialog>
  );
}
