"use client";

/**
 * A member's account freeze in the console's member detail (the panic button, lib/account/freeze.ts): locked or
 * not, since when and how, the last freezes, and — while locked — the proposal to unlock it (잠금 해제 요청), which is
 * always four-eyes: POST /api/admin/users/{id}/unfreeze { reason } answers 202 { proposal }, applied only when another
 * administrator approves it in /admin/approvals. A proposal already waiting is shown instead of the button.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import type { AdminFreezeDto } from "@/lib/account/dto";
import { api, newIdempotencyKey } from "@/lib/client/api";
import { AdminDialog, memoHeaders } from "@/components/admin/kit/dialog";
import { Fact } from "@/components/admin/kit/fields";
import { kstDateTime } from "@/components/admin/kit/format";
import { base, type DialogProps } from "./dialogs/types";
import type { MemberRow } from "./queries";

export const freezeKeyOf = (id: number) => ["admin", "member", id, "freeze"] as const;

export function MemberFreeze({
  member,
  canPropose,
  onPropose,
}: {
  member: MemberRow;
  canPropose: boolean;
  onPropose: () => void;
}) {
  const t = useTranslations("AdminOps.freeze");
  const q = useQuery({
    queryKey: freezeKeyOf(member.id),
    queryFn: () => api<AdminFreezeDto>(`${base(member)}/freeze`),
  });
  const s = q.data;
  const last = s?.history[0];
  return (
    <div className="flex flex-col gap-2" data-testid="member-freeze">
      <dl>
        <Fact label={t("state")}>
          {!s ? (
            "—"
          ) : s.frozen ? (
            <span className="font-semibold text-rose-700" data-testid="freeze-state">
              {t("frozenSince", { at: kstDateTime(s.frozenAt ?? "") })}
              {last && !last.unfrozenAt ? ` · ${t(`how.${last.how}`)}` : ""}
            </span>
          ) : (
            <span data-testid="freeze-state">{t("notFrozen")}</span>
          )}
        </Fact>
        {s && s.history.length > 0 && (
          <Fact label={t("history")}>
            {s.history.length}
            {last?.unfrozenAt
              ? ` · ${t("lastUnfrozen", { at: kstDateTime(last.unfrozenAt), how: t(`unfreezeHow.${last.unfreezeHow ?? "SELF"}`) })}`
              : ""}
          </Fact>
        )}
      </dl>
      {s?.frozen &&
        (s.pendingProposalId !== null ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("pending", { id: String(s.pendingProposalId) })}
          </p>
        ) : (
          canPropose && (
            <button
              type="button"
              onClick={onPropose}
              className="rounded-lg border border-rose-300 px-2 py-2 text-sm font-semibold text-rose-700 hover:bg-gray-50"
            >
              {t("propose")}
            </button>
          )
        ))}
    </div>
  );
}

/** The proposal's dialog: the memo is its mandatory reason. */
export function UnfreezeDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("AdminOps.freeze");
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
  return (
    <AdminDialog
      open
      danger
      title={t("propose")}
      onClose={onClose}
      onConfirm={async (memo) => {
        const body = { reason: memo.trim() };
        await api(`${base(member)}/unfreeze`, {
          method: "POST",
          body,
          headers: memoHeaders(memo),
          idempotencyKey: keyFor(body),
        });
        onDone(t("proposed"));
      }}
    >
      <p className="text-sm">{t("confirm", { userId: member.userId })}</p>
      <p className="text-sm text-gray-600">{t("fourEyes")}</p>
    </AdminDialog>
  );
}
