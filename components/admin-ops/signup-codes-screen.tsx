"use client";

/**
 * /admin/signup-codes — `추천인 코드`: every member referral code and admin-issued sign-up code, its owner and
 * how many sign-ups used it. A SUPERADMIN edits a member's code (PATCH /api/admin/users/{id}/ref-code).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { ApiError, api } from "@/lib/client/api";
import { kstDateTime } from "./format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/ui/admin-dialog";
import { Pager } from "@/components/admin/ui/pager";
import { PageHeader, TableBox, td, tdNum, th, thNum, QueryRows } from "@/components/admin/ui/table";
import { FilterField } from "./ops-ui";
import { useUrlState } from "./url-state";
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
    code: r.code,
    kind: kindText.startsWith("SIGNUP") || kindText === "ADMIN" || kindText === "ISSUED" ? "SIGNUP" : "MEMBER",
    owner,
    signups: r.signups ?? r.signupCount ?? r.uses ?? r.usedCount ?? 0,
    active: r.active ?? true,
    createdAt: r.createdAt ?? null,
  };
}

const LIMIT = 20;

export function SignupCodesScreen({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations("AdminOps.codes");
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
  const COLS = canEdit ? 6 : 5;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <FilterField
        label={t("search")}
        value={values.search}
        onCommit={(v) => set({ search: v })}
        className="max-w-xs"
      />
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.code")}</th>
            <th className={th}>{t("col.kind")}</th>
            <th className={th}>{t("col.owner")}</th>
            <th className={thNum}>{t("col.signups")}</th>
            <th className={th}>{t("col.state")}</th>
            {canEdit && <th className={th}>{t("col.actions")}</th>}
          </tr>
        </thead>
        <tbody>
          <QueryRows query={list} cols={COLS} count={items.length} empty={t("empty")} errorText={errorText}>
            {items.map((c) => (
              <tr key={c.key} data-testid={`code-${c.code}`}>
                <td className={`${td} font-mono`}>{c.code}</td>
                <td className={td}>{c.kind === "MEMBER" ? t("kind.MEMBER") : t("kind.SIGNUP")}</td>
                <td className={td}>
                  {c.owner ? (
                    <>
                      <span className="font-medium">{c.owner.userId}</span>
                      {c.owner.name && <span className="ml-1 text-xs text-gray-600">{c.owner.name}</span>}
                    </>
                  ) : (
                    "—"
                  )}
                </td>
                <td className={tdNum}>{c.signups.toLocaleString()}</td>
                <td className={td}>
                  {c.active ? t("active") : t("inactive")}
                  {c.createdAt && <span className="ml-2 text-xs text-gray-600">{kstDateTime(c.createdAt)}</span>}
                </td>
                {canEdit && (
                  <td className={td}>
                    {c.kind === "MEMBER" && c.owner && (
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
                  </td>
                )}
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
      {editing && (
        <AdminDialog
          open
          title={t("editTitle", { userId: editing.owner?.userId ?? "" })}
          onClose={() => setEditing(null)}
          onConfirm={save}
          errorText={(e) => (e instanceof ApiError && e.code === "REFCODE_IN_USE" ? t("codeInUse") : null)}
        >
          <Input label={t("refCode")} value={code} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
        </AdminDialog>
      )}
    </div>
  );
}
