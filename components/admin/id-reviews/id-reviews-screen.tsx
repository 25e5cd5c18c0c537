"use client";

/**
 * /admin/id-reviews — `신분증 심사`: pending ID submissions, oldest first, each with its image and
 * `신분증 승인` / `신분증 반려` (reason required). Decisions pin the reviewed document (documentId) so a
 * newer upload is never approved unseen.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { kstDateTime } from "@/components/admin/kit/format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { TextArea } from "@/components/admin/kit/fields";
import { Pager } from "@/components/admin/kit/pager";
import { PageHeader } from "@/components/admin/kit/table";
import { useUrlState } from "@/components/admin/kit/url-state";
import { refreshQueries } from "@/lib/client/refresh";

/** One pending submission; tolerant of the member being nested or flat. */
type RawDoc = {
  id?: number;
  documentId?: number;
  memberId?: number;
  userDbId?: number;
  userId?: string | number;
  name?: string;
  user?: { id: number; userId: string; name: string };
  submittedAt?: string;
  createdAt?: string;
  url?: string | null;
  imageUrl?: string | null;
};
type Doc = {
  documentId: number | null;
  memberId: number;
  userId: string;
  name: string;
  submittedAt: string | null;
  url: string | null;
};

function normalize(d: RawDoc): Doc {
  const nested = d.user;
  const memberId = nested?.id ?? d.memberId ?? d.userDbId ?? (typeof d.userId === "number" ? d.userId : 0);
  return {
    documentId: d.documentId ?? (nested || d.memberId || d.userDbId ? (d.id ?? null) : null),
    memberId,
    userId: nested?.userId ?? (typeof d.userId === "string" ? d.userId : String(memberId)),
    name: nested?.name ?? d.name ?? "",
    submittedAt: d.submittedAt ?? d.createdAt ?? null,
    url: d.url ?? d.imageUrl ?? null,
  };
}

const LIMIT = 10;

export function IdReviewsScreen() {
  const t = useTranslations("AdminOps.idReviews");
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const { page, set, query } = useUrlState([] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "id-documents", page],
    queryFn: async () => {
      const r = await api<{ items: RawDoc[]; total: number }>(
        `/api/admin/id-documents?status=PENDING&${query({ limit: LIMIT })}`,
      );
      return { items: r.items.map(normalize), total: r.total };
    },
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<{ kind: "approve" | "reject"; doc: Doc } | null>(null);
  const [reason, setReason] = useState("");
  const [decided, setDecided] = useState<Record<number, "APPROVED" | "REJECTED">>({});

  async function confirm(memo: string) {
    if (!dialog) return;
    const { kind, doc } = dialog;
    const documentId = doc.documentId ?? undefined;
    if (kind === "reject" && !reason.trim()) throw new InputProblem(t("reasonRequired"));
    await api(`/api/admin/users/${doc.memberId}/${kind === "approve" ? "approve-id" : "reject-id"}`, {
      method: "PATCH",
      body: kind === "approve" ? { documentId } : { reason: reason.trim(), documentId },
      headers: memoHeaders(memo),
    });
    setDecided((m) => ({ ...m, [doc.memberId]: kind === "approve" ? "APPROVED" : "REJECTED" }));
    setDialog(null);
    toast(
      kind === "approve" ? t("approvedToast", { userId: doc.userId }) : t("rejectedToast", { userId: doc.userId }),
      {
        kind: "success",
      },
    );
    void refreshQueries(qc, { queryKey: ["admin-ops", "id-documents"] });
  }

  const items = list.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      {list.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="skeleton h-72" />
          ))}
        </ul>
      ) : list.isError ? (
        <p className="text-sm text-rose-700">{errorText(list.error)}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-sm text-gray-600 break-keep">
          {t("empty")}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((doc) => {
            const done = decided[doc.memberId];
            return (
              <li
                key={`${doc.memberId}-${doc.documentId}`}
                data-testid={`id-review-${doc.userId}`}
                className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4"
              >
                <div className="flex items-baseline justify-between gap-2">
                  <h2 className="font-semibold break-all">
                    {doc.userId} <span className="text-sm font-normal text-gray-600">{doc.name}</span>
                  </h2>
                  <span className="text-xs text-gray-600 tabular-nums">{kstDateTime(doc.submittedAt)}</span>
                </div>
                {doc.url ? (
                  <a
                    href={doc.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-lg bg-gray-100"
                  >
                    <img
                      src={doc.url}
                      alt={t("imageAlt", { userId: doc.userId })}
                      className="h-48 w-full object-contain"
                      loading="lazy"
                    />
                  </a>
                ) : (
                  <p className="text-sm text-gray-600">{t("noImage")}</p>
                )}
                {done ? (
                  <p role="status" className="text-sm font-semibold">
                    {done === "APPROVED" ? t("approved") : t("rejected")}
                  </p>
                ) : (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => setDialog({ kind: "approve", doc })}
                      aria-describedby={`doc-${doc.memberId}`}
                    >
                      {t("approve")}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setReason("");
                        setDialog({ kind: "reject", doc });
                      }}
                      aria-describedby={`doc-${doc.memberId}`}
                    >
                      {t("reject")}
                    </Button>
                    <span id={`doc-${doc.memberId}`} hidden>
                      {doc.userId}
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}
      {dialog && (
        <AdminDialog
          open
          title={dialog.kind === "approve" ? t("approve") : t("reject")}
          danger={dialog.kind === "reject"}
          onClose={() => setDialog(null)}
          onConfirm={confirm}
        >
          <p className="text-sm break-keep">
            {dialog.kind === "approve"
              ? t("approveConfirm", { userId: dialog.doc.userId })
              : t("rejectConfirm", { userId: dialog.doc.userId })}
          </p>
          {dialog.kind === "reject" && <TextArea label={t("reason")} value={reason} onChange={setReason} />}
        </AdminDialog>
      )}
    </div>
  );
}
