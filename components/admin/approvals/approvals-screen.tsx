"use client";

/**
 * /admin/approvals — `승인 대기` (SECURITY.md I39): the four-eyes proposals, pending first, filtered by status in the
 * URL. Each card shows the kind, the member, the amount or rate, the reason, who proposed it and its age and
 * expiry; another administrator approves (the change is applied then, once) or rejects with a note. The proposer
 * sees their own proposal without `승인` (the server refuses it anyway: 403 SELF_APPROVAL). Approving another
 * administrator's password reset answers the temporary password: it is shown here once, to this approver.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { useCan } from "@/components/admin/kit/use-can";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { Select, TextArea } from "@/components/admin/kit/fields";
import { ageOf, fmtKrw, fmtRate, fmtWld, kstDateTime } from "@/components/admin/kit/format";
import { Pager } from "@/components/admin/kit/pager";
import { Pill } from "@/components/admin/kit/pill";
import { PageHeader } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { CANCEL_NOTES, KIND_PERMISSION, PROPOSAL_STATUSES, type ProposalStatus } from "@/lib/admin/proposal-kinds";
import type { ProposalDto } from "@/lib/admin/proposals";
import type { UnblockPayload } from "@/lib/destinations/dto";
import { api } from "@/lib/client/api";
import { addFixed, FIXED_ZERO, fixedText, parseDecimal, subFixed } from "@/lib/money-text";
import { useUrlState } from "@/components/admin/kit/url-state";
import { useNetworkName } from "@/components/admin/kit/words";
import { refreshQueries } from "@/lib/client/refresh";

/** The API's proposal (GET /api/admin/proposals): the server's own type, so the two cannot drift apart. */
type Proposal = ProposalDto;

const LIMIT = 20;

/** A cancellation's stored note → its cause, for the translated text (lib/auth/approver-rules.ts). */
const CANCEL_CAUSE_OF: Record<string, string> = Object.fromEntries(
  Object.entries(CANCEL_NOTES).map(([cause, note]) => [note, cause]),
);

const STATUS_TONE: Record<ProposalStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  APPROVED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  REJECTED: "bg-rose-50 text-rose-800 ring-rose-200",
  EXPIRED: "bg-gray-100 text-gray-700 ring-gray-300",
  CANCELLED: "bg-gray-100 text-gray-700 ring-gray-300",
};

/**
 * The change as one line, current → proposed: a signed amount with the balance it moves before → after, a rate or
 * a KRW limit or a role now → proposed. "Now" is `current` (read by the server when the queue is read) for a
 * pending proposal, the stored `before` for a decided one.
 */
function useChangeText() {
  const t = useTranslations("AdminOps.approvals");
  const locale = useLocale();
  const networkName = useNetworkName();
  return (p: Proposal): string => {
    const x = p.payload as Record<string, string | null | undefined> & { patch?: Record<string, string> };
    const cur = p.current ?? null;
    const pct = (r: string | null | undefined) => (r ? `${fmtRate(r)}%` : t("change.noRate"));
    /** "+100 WLD · 보유 1,000 → 1,100 WLD" when the current balance is known. */
    const amount = (sign: "+" | "−", coin = "WLD") => {
      const text = `${sign}${fmtWld(String(x.amount), locale, true)} ${coin}`;
      if (!cur?.balance || !cur.account) return text;
      const d = parseDecimal(String(x.amount)) ?? FIXED_ZERO;
      const before = parseDecimal(cur.balance) ?? FIXED_ZERO;
      const after = sign === "+" ? addFixed(before, d) : subFixed(before, d);
      return `${text} · ${t("change.balance", {
        account: t(`change.account.${cur.account}`),
        before: fmtWld(cur.balance, locale, true),
        after: fmtWld(fixedText(after), locale, true),
        coin,
      })}`;
    };
    const limit = (krw: string | null | undefined, fallback: string) => (krw ? `₩${fmtKrw(krw, locale)}` : fallback);
    switch (p.kind) {
      case "coin":
        return amount("+", String(x.symbol));
      case "coinunhist":
        return amount(String(x.action).toUpperCase() === "WITHDRAW" ? "−" : "+", String(x.symbol));
      case "interest":
        return amount(String(x.action) === "withdraw" ? "−" : "+");
      case "staking":
        return amount("−", String(x.symbol));
      case "member_rate": {
        // Decided: the stored rate before; none stored means the member earned the product's rate.
        if (!cur) return `${x.before ? pct(x.before) : t("change.productRateNote")} → ${fmtRate(String(x.rate))}%`;
        const note = cur.rateSource === "product" ? ` (${t("change.productRateNote")})` : "";
        return `${pct(cur.rate)}${note} → ${fmtRate(String(x.rate))}%`;
      }
      case "product_rate": {
        // The rate before → after, and what else the change does that can raise a rate in force.
        const patch = (p.payload as { patch: { annualRate?: string; active?: boolean; coinSymbol?: string } }).patch;
        const minAmount = x.patch?.minAmount;
        const now = cur?.rate ?? x.before;
        return [
          `${x.productName}: ${pct(now)} → ${pct(String(patch.annualRate ?? now))}`,
          patch.active === undefined ? null : t(patch.active ? "change.activate" : "change.deactivate"),
          patch.coinSymbol ?? null,
          minAmount === undefined ? null : t("change.minAmount", { amount: fmtWld(minAmount, locale, true) }),
        ]
          .filter((part) => part !== null)
          .join(" · ");
      }
      case "withdraw_limit": {
        const dflt = cur?.defaultLimitKrw
          ? t("change.defaultLimitOf", { amount: fmtKrw(cur.defaultLimitKrw, locale) })
          : t("defaultLimit");
        const proposed = limit(x.limitKrw, dflt);
        return cur ? `${limit(cur.limitKrw, dflt)} → ${proposed}` : proposed;
      }
      case "deposit": {
        const krw = `₩${fmtKrw(String(x.krw), locale)}`;
        return `${t("change.depositRequest", { id: String(x.requestId) })} (${krw}) · ${amount("+", String(x.symbol ?? "WLD"))}`;
      }
      case "role":
        return `${t(`role.${cur?.role ?? x.before}`)} → ${t(`role.${x.role}`)}`;
      case "password_reset":
        return t("change.passwordReset");
      case "two_factor_reset":
        return cur?.twoFactor === false ? t("change.twoFactorAlreadyOff") : t("change.twoFactorOnOff");
      case "product_create": {
        const product = (p.payload as { product: { name: string; annualRate: string } }).product;
        return cur
          ? `${product.name}: ${pct(cur.rate)} → ${pct(product.annualRate)}`
          : `${product.name}: ${pct(product.annualRate)}`;
      }
      case "destination_unblock": {
        const { name, patch } = p.payload as UnblockPayload;
        const networks = patch.networks ? ` · ${patch.networks.map(networkName).join(", ")}` : "";
        return `${name}: ${t("change.destinationUnblock")}${networks}`;
      }
      case "account_unfreeze":
        return t("change.accountUnfreeze", { at: kstDateTime(String(x.frozenAt)) });
    }
  };
}

function useAgeText() {
  const t = useTranslations("AdminOps.approvals");
  const span = (ms: number) => {
    const a = ageOf(new Date(Date.now() - Math.max(0, ms)).toISOString());
    return t(`age.${a.unit}`, { n: a.n });
  };
  return (p: Proposal) => ({
    ago: t("ageAgo", { age: span(Date.now() - new Date(p.createdAt).getTime()) }),
    expiry:
      p.status === "PENDING"
        ? t("expiresIn", { left: span(new Date(p.expiresAt).getTime() - Date.now()) })
        : p.status === "EXPIRED"
          ? t("expiredAt")
          : null,
  });
}

export function ApprovalsScreen({ limitWld }: { limitWld: string }) {
  const t = useTranslations("AdminOps.approvals");
  const tc = useTranslations("AdminOps.common");
  const locale = useLocale();
  const me = useAdmin();
  const may = useCan();
  const toast = useToast();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const changeText = useChangeText();
  const ageText = useAgeText();
  const { values, page, set, query } = useUrlState(["status"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "proposals", values.status, page],
    queryFn: () => api<{ items: Proposal[]; total: number }>(`/api/admin/proposals?${query({ limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ p: Proposal; approve: boolean } | null>(null);
  const [note, setNote] = useState("");
  /** An approved password reset's temporary password, until this dialog is closed (never kept beyond it). */
  const [issued, setIssued] = useState<{ userId: string; password: string } | null>(null);

  async function decide(memo: string) {
    if (!deciding) return;
    const { p, approve } = deciding;
    if (approve) {
      const r = await api<{ temporaryPassword?: string }>(`/api/admin/proposals/${p.id}/approve`, {
        method: "POST",
        headers: memoHeaders(memo),
      });
      toast(t("approvedToast", { id: p.id }), { kind: "success" });
      if (r.temporaryPassword) setIssued({ userId: memberOf(p), password: r.temporaryPassword });
    } else {
      if (!note.trim()) throw new InputProblem(t("noteRequired"));
      await api(`/api/admin/proposals/${p.id}/reject`, { method: "POST", body: { note: note.trim() } });
      toast(t("rejectedToast", { id: p.id }), { kind: "success" });
    }
    setDeciding(null);
    await refreshQueries(qc, { queryKey: ["admin-ops", "proposals"] });
  }

  const items = list.data?.items ?? [];
  const memberOf = (p: Proposal) => (p.target ? p.target.userId : "—");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="max-w-3xl break-keep text-sm text-gray-600">
        {/^\d/.test(limitWld) ? t("explain", { limit: fmtWld(limitWld, locale, true) }) : t("explainShort")}
      </p>
      <Select
        label={t("status")}
        value={values.status}
        onChange={(v) => set({ status: v })}
        className="max-w-[12rem]"
        options={[
          { value: "", label: tc("all") },
          ...PROPOSAL_STATUSES.map((s) => ({ value: s, label: t(`statusOf.${s}`) })),
        ]}
      />
      {list.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-28 rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <p className="rounded-xl border border-gray-200 bg-white px-4 py-8 text-center text-sm text-gray-600">
          {errorText(list.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white px-4 py-8 text-center text-sm text-gray-600">
          {values.status ? t("emptyFiltered") : t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("title")}>
          {items.map((p) => {
            const mine = p.proposedBy.id === me.id;
            const age = ageText(p);
            return (
              <li
                key={p.id}
                data-testid={`proposal-${p.id}`}
                className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 lg:flex-row lg:items-start lg:justify-between"
              >
                <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                  <dt className="text-gray-600">{t("col.kind")}</dt>
                  <dd className="font-semibold break-keep">
                    {t(`kind.${p.kind}`)} <span className="font-normal text-gray-500">#{p.id}</span>
                  </dd>
                  <dt className="text-gray-600">{t("col.member")}</dt>
                  <dd className="min-w-0 truncate">
                    {memberOf(p)}
                    {p.target?.name && <span className="ml-1 text-xs text-gray-600">{p.target.name}</span>}
                  </dd>
                  <dt className="text-gray-600">{t("col.change")}</dt>
                  <dd className="font-semibold tabular-nums" data-testid="proposal-change">
                    {changeText(p)}
                  </dd>
                  <dt className="text-gray-600">{t("col.proposer")}</dt>
                  <dd className="min-w-0 truncate">
                    {p.proposedBy.userId}
                    {mine && (
                      <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                        {t("mine")}
                      </span>
                    )}
                  </dd>
                  <dt className="text-gray-600">{t("col.age")}</dt>
                  <dd className="tabular-nums">
                    <span title={kstDateTime(p.createdAt)}>{age.ago}</span>
                    {age.expiry && (
                      <span className={p.status === "EXPIRED" ? "ml-2 text-rose-700" : "ml-2 text-gray-600"}>
                        · {age.expiry}
                      </span>
                    )}
                  </dd>
                  <dt className="text-gray-600">{t("col.state")}</dt>
                  <dd>
                    <Pill tone={STATUS_TONE[p.status]}>{t(`statusOf.${p.status}`)}</Pill>
                    {p.decidedBy && (
                      <span className="ml-2 text-xs text-gray-600">
                        {t("decidedBy", { userId: p.decidedBy.userId })}
                      </span>
                    )}
                  </dd>
                  <dt className="text-gray-600">{t("col.reason")}</dt>
                  <dd className="col-span-1 whitespace-pre-line break-words sm:col-span-3">{p.reason}</dd>
                  {p.decisionNote && (
                    <dd className="col-span-2 text-sm text-rose-800 sm:col-span-4">
                      {p.status === "CANCELLED"
                        ? t("cancelNote", {
                            note: CANCEL_CAUSE_OF[p.decisionNote]
                              ? t(`cancelCause.${CANCEL_CAUSE_OF[p.decisionNote]}`)
                              : p.decisionNote,
                          })
                        : t("note", { note: p.decisionNote })}
                    </dd>
                  )}
                </dl>
                {p.status === "PENDING" && may(KIND_PERMISSION[p.kind]) && (
                  <div className="flex shrink-0 gap-2 lg:flex-col">
                    {!mine && (
                      <Button
                        size="sm"
                        aria-label={t("approveOf", { id: p.id })}
                        onClick={() => setDeciding({ p, approve: true })}
                      >
                        {t("approve")}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t("rejectOf", { id: p.id })}
                      onClick={() => {
                        setNote("");
                        setDeciding({ p, approve: false });
                      }}
                    >
                      {t("reject")}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(n) => set({ page: n })} />}
      {deciding && (
        <AdminDialog
          open
          title={deciding.approve ? t("approveOf", { id: deciding.p.id }) : t("rejectOf", { id: deciding.p.id })}
          confirmLabel={deciding.approve ? t("approve") : t("reject")}
          danger={!deciding.approve}
          memo={deciding.approve}
          onClose={() => setDeciding(null)}
          onConfirm={decide}
        >
          <p className="text-sm">
            {t(deciding.approve ? "approveBody" : "rejectBody", {
              member: memberOf(deciding.p),
              kind: t(`kind.${deciding.p.kind}`),
              change: changeText(deciding.p),
            })}
          </p>
          <p className="whitespace-pre-line break-words text-sm text-gray-600">{deciding.p.reason}</p>
          {!deciding.approve && <TextArea label={t("noteLabel")} value={note} onChange={setNote} />}
        </AdminDialog>
      )}
      {issued && <IssuedPasswordDialog {...issued} onClose={() => setIssued(null)} />}
    </div>
  );
}

/** The temporary password of an approved reset, shown once with a copy button (like the member screen's reset). */
function IssuedPasswordDialog({
  userId,
  password,
  onClose,
}: {
  userId: string;
  password: string;
  onClose: () => void;
}) {
  const t = useTranslations("AdminOps.approvals");
  const [copied, setCopied] = useState(false);
  return (
    <AdminDialog open done title={t("issued.title")} onClose={onClose}>
      <p className="text-sm font-semibold">{t("issued.once", { userId })}</p>
      <output className="select-all rounded-lg bg-gray-900 px-3 py-2 font-mono text-white" data-testid="temp-password">
        {password}
      </output>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void navigator.clipboard?.writeText(password).then(() => setCopied(true))}
      >
        {copied ? t("issued.copied") : t("issued.copy")}
      </Button>
    </AdminDialog>
  );
}
