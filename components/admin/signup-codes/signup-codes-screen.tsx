"use client";

/**
 * /admin/signup-codes — `추천인 코드`: every member referral code and admin-issued sign-up code, its owner and
 * how many sign-ups used it. A SUPERADMIN edits a member's code (PATCH /api/admin/users/{id}/ref-code); an
 * administrator issues a sign-up code (POST /api/admin/signup-codes { code?, note?, maxUses? }) and deactivates one
 * (DELETE /api/admin/signup-codes/{id}). Each control is offered from the permission table (lib/auth/permissions.ts).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { ApiError, api } from "@/lib/client/api";
import { kstDateTime } from "@/components/admin/kit/format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader, Truncated } from "@/components/admin/kit/table";
import { useCan } from "@/components/admin/kit/use-can";
import { Field, FilterField } from "@/components/admin/kit/fields";
import { useUrlState } from "@/components/admin/kit/url-state";
import { refreshQueries } from "@/lib/client/refresh";

type Owner = { id: number; userId: string; name?: string | null; role?: string } | null;
type RawCode = {
  id?: number;
  code: string;
  kind?: string;
  source?: string;
  owner?: Owner;
  ownerId?: number | null;
  ownerUserId?: string | null;
  ownerName?: string | null;
  signups?: number;
  uses?: number;
  usedCount?: number;
  signupCount?: number;
  active?: boolean;
  createdAt?: string | null;
};
type Code = {
  key: string;
  id: number | null;
  code: string;
  kind: "MEMBER" | "SIGNUP";
  owner: Owner;
  signups: number;
  active: boolean;
  createdAt: string | null;
};

function normalize(r: RawCode, i: number): Code {
  const owner: Owner =
    r.owner !== undefined
      ? r.owner
      : r.ownerId
        ? { id: r.ownerId, userId: r.ownerUserId ?? "", name: r.ownerName }
        : null;
  const kindText = (r.kind ?? r.source ?? "MEMBER").toUpperCase();
  return {
    key: `${kindText}-${r.id ?? i}-${r.code}`,
    id: r.id ?? null,
    code: r.code,
    kind: kindText.startsWith("SIGNUP") || kindText === "ADMIN" || kindText === "ISSUED" ? "SIGNUP" : "MEMBER",
    owner,
    signups: r.signups ?? r.signupCount ?? r.uses ?? r.usedCount ?? 0,
    active: r.active ?? true,
    createdAt: r.createdAt ?? null,
  };
}

const LIMIT = 20;

export function SignupCodesScreen() {
  const t = useTranslations("AdminOps.codes");
  const may = useCan();
  const canEdit = may("member.ref-code");
  const canManage = may("signup-codes.manage");
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const { values, page, set, query } = useUrlState(["search"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "referral-codes", values.search, page],
    queryFn: async () => {
      const r = await api<{ items: RawCode[]; total: number }>(`/api/admin/referral-codes?${query({ limit: LIMIT })}`);
      return { items: r.items.map(normalize), total: r.total };
    },
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Code | null>(null);
  const [code, setCode] = useState("");
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<Code | null>(null);
  const refresh = () => refreshQueries(qc, { queryKey: ["admin-ops", "referral-codes"] });

  async function save(memo: string) {
    if (!editing?.owner) return;
    const next = code.trim();
    if (!next) throw new InputProblem(t("codeRequired"));
    await api(`/api/admin/users/${editing.owner.id}/ref-code`, {
      method: "PATCH",
      body: { refCode: next },
      headers: memoHeaders(memo),
    });
    setEditing(null);
    toast(t("savedToast", { code: next }), { kind: "success" });
    await refreshQueries(qc, { queryKey: ["admin-ops", "referral-codes"] });
  }

  const items = list.data?.items ?? [];
  const columns: Column<Code>[] = [
    { key: "code", header: t("col.code"), cellAttrs: { className: "font-mono" }, cell: (c) => c.code },
    { key: "kind", header: t("col.kind"), cell: (c) => (c.kind === "MEMBER" ? t("kind.MEMBER") : t("kind.SIGNUP")) },
    {
      key: "owner",
      header: t("col.owner"),
      cell: (c) =>
        c.owner ? (
          <>
            <span className="font-medium">{c.owner.userId}</span>
            {c.owner.name && (
              <Truncated text={c.owner.name} max="max-w-[8rem]" className="ml-1 text-xs text-gray-600" />
            )}
          </>
        ) : (
          "—"
        ),
    },
    { key: "signups", header: t("col.signups"), align: "end", cell: (c) => c.signups.toLocaleString() },
    {
      key: "state",
      header: t("col.state"),
      cell: (c) => (
        <>
          {c.active ? t("active") : t("inactive")}
          {c.createdAt && <span className="ml-2 text-xs text-gray-600">{kstDateTime(c.createdAt)}</span>}
        </>
      ),
    },
    {
      key: "actions",
      header: t("col.actions"),
      hidden: !canEdit && !canManage,
      cell: (c) => (
        <>
          {canManage && c.kind === "SIGNUP" && c.active && c.id !== null && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={t("deactivateOf", { code: c.code })}
              onClick={() => setDeactivating(c)}
            >
              {t("deactivate")}
            </Button>
          )}
          {canEdit && c.kind === "MEMBER" && c.owner && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={t("editOf", { code: c.code })}
              onClick={() => {
                setCode(c.code);
                setEditing(c);
              }}
            >
              {t("edit")}
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        {canManage && (
          <Button size="sm" onClick={() => setCreating(true)}>
            {t("create")}
          </Button>
        )}
      </PageHeader>
      <FilterField
        label={t("search")}
        value={values.search}
        onCommit={(v) => set({ search: v })}
        className="max-w-xs"
      />
      <DataTable
        label={t("title")}
        columns={columns}
        rows={items}
        rowKey={(c) => c.key}
        rowAttrs={(c) => ({ "data-testid": `code-${c.code}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
      {creating && (
        <CreateCodeDialog
          onClose={() => setCreating(false)}
          onDone={async (created) => {
            setCreating(false);
            toast(t("createdToast", { code: created }), { kind: "success" });
            await refresh();
          }}
        />
      )}
      {deactivating && (
        <AdminDialog
          open
          danger
          title={t("deactivateTitle")}
          onClose={() => setDeactivating(null)}
          onConfirm={async (memo) => {
            await api(`/api/admin/signup-codes/${deactivating.id}`, { method: "DELETE", headers: memoHeaders(memo) });
            setDeactivating(null);
            toast(t("deactivatedToast", { code: deactivating.code }), { kind: "success" });
            await refresh();
          }}
        >
          <p className="text-sm">{t("confirmDeactivate", { code: deactivating.code })}</p>
        </AdminDialog>
      )}
      {editing && (
        <AdminDialog
          open
          title={t("editTitle", { userId: editing.owner?.userId ?? "" })}
          onClose={() => setEditing(null)}
          onConfirm={save}
          errorText={(e) => (e instanceof ApiError && e.code === "REFCODE_IN_USE" ? t("codeInUse") : null)}
        >
          <Field label={t("refCode")} value={code} onChange={setCode} />
        </AdminDialog>
      )}
    </div>
  );
}

/** 가입 코드 발급: an optional code (else one is generated), description and maximum uses. */
function CreateCodeDialog({ onClose, onDone }: { onClose: () => void; onDone: (code: string) => Promise<void> }) {
  const t = useTranslations("AdminOps.codes");
  const [code, setCode] = useState("");
  const [note, setNote] = useState("");
  const [maxUses, setMaxUses] = useState("");
  return (
    <AdminDialog
      open
      title={t("createTitle")}
      onClose={onClose}
      errorText={(e) => (e instanceof ApiError && e.code === "REFCODE_IN_USE" ? t("codeInUse") : null)}
      onConfirm={async (memo) => {
        const uses = maxUses.trim();
        if (uses && !/^[1-9]\d{0,6}$/.test(uses)) throw new InputProblem(t("maxUsesInvalid"));
        const r = await api<{ code: string }>("/api/admin/signup-codes", {
          method: "POST",
          body: {
            ...(code.trim() ? { code: code.trim() } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(uses ? { maxUses: Number(uses) } : {}),
          },
          headers: memoHeaders(memo),
        });
        await onDone(r.code);
      }}
    >
      <div className="flex flex-col gap-1">
        <Field label={t("codeField")} value={code} onChange={setCode} />
        <p className="text-xs text-gray-600">{t("codeHint")}</p>
      </div>
      <Field label={t("noteField")} value={note} onChange={setNote} />
      <Field label={t("maxUsesField")} value={maxUses} inputMode="numeric" onChange={setMaxUses} />
    </AdminDialog>
  );
}
