"use client";

/**
 * One member's detail (a dialog whose heading is the userId) and every action of spec §2, each a button
 * opening its own dialog: fields labelled 금액 / 이율 / 전화번호 / 추천인 코드 / 사유, the 메모 (sent as
 * x-audit-memo), 확인 / 취소, validation per spec §5, server errors inside the dialog. Money dialogs show
 * before → after and send an Idempotency-Key. After success the dialog closes, a toast confirms and the
 * list and detail refetch (react-query), so the row shows the new values without a reload.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import type { Role } from "@/db/schema";
import { ApiError, api, newIdempotencyKey } from "@/lib/client/api";
import { useAdmin } from "../admin-context";
import { AdminDialog, InputProblem, memoHeaders } from "../ui/admin-dialog";
import { BeforeAfter, Fact, Field, Radios, TextArea } from "../ui/fields";
import { applyDelta, fmtRate, fmtWld, kstDateTime, parseDecimal } from "../ui/format";
import { Pager } from "../ui/pager";
import { MessageRow, SkeletonRows, TableBox, td, tdNum, th, thNum } from "../ui/table";
import {
  type MemberRow,
  memberKey,
  membersKey,
  useMemberIdDocument,
  useMemberRewards,
  useMemberStaking,
  useMemberTransactions,
} from "./queries";

type Action =
  | "phone"
  | "idView"
  | "idApprove"
  | "idReject"
  | "walletReset"
  | "delete"
  | "coin"
  | "stakingWithdraw"
  | "rate"
  | "interest"
  | "unhist"
  | "transactions"
  | "role"
  | "refCode"
  | "tempPassword";

const COMMON: Action[] = [
  "phone",
  "idView",
  "idApprove",
  "idReject",
  "walletReset",
  "delete",
  "coin",
  "stakingWithdraw",
  "rate",
  "interest",
  "unhist",
  "transactions",
];
const SUPER: Action[] = ["role", "refCode", "tempPassword"];

type DialogProps = { member: MemberRow; onClose: () => void; onDone: (message: string) => void };

/** The error text for an amount that is not a number above 0 (spec §5; the server says the same). */
function useAmount() {
  const te = useTranslations("Errors");
  return (text: string): string => {
    const v = parseDecimal(text);
    if (v === null || Number(v) <= 0) throw new InputProblem(te("INVALID_AMOUNT"));
    return v;
  };
}

export function MemberDetail({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const t = useTranslations("Admin.members");
  const tc = useTranslations("Admin.common");
  const locale = useLocale();
  const me = useAdmin();
  const toast = useToast();
  const qc = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const staking = useMemberStaking(member.id);
  const rewards = useMemberRewards(member.id);
  const wldStake = staking.data?.stakes.find((s) => s.coinSymbol === "WLD");

  const actions = me.role === "SUPERADMIN" ? [...COMMON, ...SUPER] : COMMON;
  const close = () => setAction(null);
  const done = (message: string) => {
    setAction(null);
    toast(message, { kind: "success" });
    void qc.invalidateQueries({ queryKey: membersKey });
    void qc.invalidateQueries({ queryKey: memberKey(member.id) });
    void qc.invalidateQueries({ queryKey: ["admin", "dashboard"] });
  };
  const props: DialogProps = { member, onClose: close, onDone: done };

  return (
    <>
      <Modal open={action === null} onClose={onClose} title={member.userId} closeLabel={tc("close")}>
        <div className="flex flex-col gap-4 break-keep">
          <dl>
            <Fact label={t("col.name")}>{member.name}</Fact>
            <Fact label={t("col.phone")}>
              <span data-testid="detail-phone">{member.phone || "—"}</span>
            </Fact>
            <Fact label={t("col.idStatus")}>{t(`idStatus.${member.idStatus}`)}</Fact>
            <Fact label={t("col.holding")} numeric>
              <span data-testid="detail-holding">{fmtWld(member.holdingWld, locale, true)}</span>
            </Fact>
            <Fact label={t("col.staked")} numeric>
              <span data-testid="detail-staked">{fmtWld(member.stakedWld, locale, true)}</span>
            </Fact>
            <Fact label={t("rewards")} numeric>
              <span data-testid="detail-rewards">{fmtWld(rewards.data?.profit, locale, true)}</span>
            </Fact>
            <Fact label={t("rate")} numeric>
              <span data-testid="detail-rate">{wldStake ? `${fmtRate(wldStake.profit)}%` : "—"}</span>
            </Fact>
            <Fact label={t("wallet")}>{member.walletAddr || "—"}</Fact>
            <Fact label={t("refCode")}>
              <span data-testid="detail-refcode">{member.refCode}</span>
            </Fact>
            <Fact label={t("col.role")}>{member.role}</Fact>
            <Fact label={t("col.createdAt")}>{kstDateTime(member.createdAt)}</Fact>
          </dl>
          <div className="grid grid-cols-2 gap-2">
            {actions.map((a) => (
              <button
                key={a}
                type="button"
                onClick={() => setAction(a)}
                className={`rounded-lg border px-2 py-2 text-sm font-semibold ${
                  a === "delete" ? "border-rose-300 text-rose-700" : "border-gray-300 text-gray-800"
                } hover:bg-gray-50`}
              >
                {t(`action.${a}`)}
              </button>
            ))}
          </div>
        </div>
      </Modal>
      {action === "phone" && <PhoneDialog {...props} />}
      {action === "idView" && <IdViewDialog {...props} />}
      {action === "idApprove" && <IdApproveDialog {...props} />}
      {action === "idReject" && <IdRejectDialog {...props} />}
      {action === "walletReset" && <WalletResetDialog {...props} />}
      {action === "delete" && (
        <DeleteDialog
          {...props}
          onDone={(m) => {
            done(m);
            onClose();
          }}
        />
      )}
      {action === "coin" && (
        <MoneyDialog {...props} kind="coin" before={member.holdingWld} beforeLabel={t("col.holding")} />
      )}
      {action === "stakingWithdraw" && (
        <MoneyDialog {...props} kind="stakingWithdraw" before={member.stakedWld} beforeLabel={t("col.staked")} />
      )}
      {action === "interest" && (
        <MoneyDialog {...props} kind="interest" before={rewards.data?.profit} beforeLabel={t("rewards")} />
      )}
      {action === "unhist" && (
        <MoneyDialog {...props} kind="unhist" before={member.holdingWld} beforeLabel={t("col.holding")} />
      )}
      {action === "rate" && <RateDialog {...props} current={wldStake?.profit} />}
      {action === "transactions" && <TransactionsDialog {...props} />}
      {action === "role" && <RoleDialog {...props} />}
      {action === "refCode" && <RefCodeDialog {...props} />}
      {action === "tempPassword" && <TempPasswordDialog {...props} />}
    </>
  );
}

const base = (m: MemberRow) => `/api/admin/users/${m.id}`;

function PhoneDialog({ member, onClose, onDone }: DialogProps) {
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

function IdViewDialog({ member, onClose }: DialogProps) {
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

function IdApproveDialog({ member, onClose, onDone }: DialogProps) {
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

function IdRejectDialog({ member, onClose, onDone }: DialogProps) {
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

function WalletResetDialog({ member, onClose, onDone }: DialogProps) {
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

function DeleteDialog({ member, onClose, onDone }: DialogProps) {
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

type MoneyKind = "coin" | "stakingWithdraw" | "interest" | "unhist";

/** 코인 지급, 스테이킹 회수, 이자 조정 (지급/회수), 무기록 조정 (지급/회수): 금액, before → after, one key per intent. */
function MoneyDialog({
  member,
  onClose,
  onDone,
  kind,
  before,
  beforeLabel,
}: DialogProps & { kind: MoneyKind; before: string | undefined; beforeLabel: string }) {
  const t = useTranslations("Admin.members");
  const locale = useLocale();
  const amountOf = useAmount();
  const [amount, setAmount] = useState("");
  const [direction, setDirection] = useState<"deposit" | "withdraw">("deposit");
  const twoWay = kind === "interest" || kind === "unhist";
  const sign: 1 | -1 = kind === "stakingWithdraw" || (twoWay && direction === "withdraw") ? -1 : 1;
  // A retried click reuses the key; a changed amount or direction is a new intent with a new key.
  const key = useMemo(() => newIdempotencyKey(), [amount, direction]);
  const after = applyDelta(before ?? null, parseDecimal(amount), sign);

  async function confirm(memo: string) {
    const value = amountOf(amount);
    const init = { method: "PATCH" as const, headers: memoHeaders(memo), idempotencyKey: key };
    if (kind === "coin")
      await api(`${base(member)}/coin`, { ...init, body: { symbol: "WLD", amount: value, action: "DEPOSIT" } });
    else if (kind === "stakingWithdraw")
      await api(`${base(member)}/staking`, { ...init, body: { symbol: "WLD", amount: value, action: "withdraw" } });
    else if (kind === "interest")
      await api(`${base(member)}/interest`, { ...init, body: { amount: value, action: direction } });
    else
      await api(`${base(member)}/coinunhist`, {
        ...init,
        body: { symbol: "WLD", amount: value, action: direction === "deposit" ? "DEPOSIT" : "WITHDRAW" },
      });
    onDone(t(`done.${kind}`, { amount: fmtWld(value, locale, true) }));
  }

  return (
    <AdminDialog open title={t(`action.${kind}`)} onClose={onClose} onConfirm={confirm} danger={sign === -1}>
      {twoWay && (
        <Radios
          legend={t("field.direction")}
          value={direction}
          onChange={setDirection}
          options={[
            { value: "deposit", label: t("field.give") },
            { value: "withdraw", label: t("field.take") },
          ]}
        />
      )}
      <Field label={t("field.amount")} value={amount} onChange={setAmount} inputMode="decimal" />
      <BeforeAfter
        label={beforeLabel}
        before={fmtWld(before, locale, true)}
        after={after === null ? "—" : fmtWld(after, locale, true)}
      />
    </AdminDialog>
  );
}

function RateDialog({ member, onClose, onDone, current }: DialogProps & { current: string | undefined }) {
  const t = useTranslations("Admin.members");
  const [rate, setRate] = useState("");
  return (
    <AdminDialog
      open
      title={t("action.rate")}
      onClose={onClose}
      onConfirm={async (memo) => {
        const v = parseDecimal(rate);
        if (v === null) throw new InputProblem(t("rateInvalid"));
        await api(`${base(member)}/staking-rate`, {
          method: "PATCH",
          body: { coinSymbol: "WLD", rate: v },
          headers: memoHeaders(memo),
        });
        onDone(t("done.rate", { rate: v }));
      }}
    >
      <Field label={t("field.rate")} value={rate} onChange={setRate} inputMode="decimal" />
      <BeforeAfter
        label={`${t("rate")} (%)`}
        before={current ? fmtRate(current) : "—"}
        after={parseDecimal(rate) ?? "—"}
      />
    </AdminDialog>
  );
}

function TransactionsDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const locale = useLocale();
  const qc = useQueryClient();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<number | null>(null);
  const q = useMemberTransactions(member.id, page);
  void onDone;

  if (hiding !== null) {
    const row = q.data?.items.find((x) => x.id === hiding);
    return (
      <AdminDialog
        open
        danger
        title={t("hideTitle")}
        onClose={() => setHiding(null)}
        onConfirm={async (memo) => {
          await api(`/api/admin/transactions/${hiding}`, { method: "DELETE", headers: memoHeaders(memo) });
          setHiding(null);
          toast(t("done.hide"), { kind: "success" });
          await qc.invalidateQueries({ queryKey: memberKey(member.id) });
        }}
      >
        <p className="text-sm">
          {row
            ? t("confirmHide", { type: row.type, amount: fmtWld(row.amount, locale, true), coin: row.coinSymbol })
            : ""}
        </p>
      </AdminDialog>
    );
  }

  return (
    <AdminDialog open done title={t("action.transactions")} onClose={onClose}>
      <TableBox label={t("action.transactions")}>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t("tx.at")}
            </th>
            <th scope="col" className={th}>
              {t("tx.type")}
            </th>
            <th scope="col" className={thNum}>
              {t("tx.amount")}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t("tx.hide")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {q.isPending && <SkeletonRows cols={4} rows={3} />}
          {q.data && q.data.items.length === 0 && <MessageRow cols={4}>{t("tx.empty")}</MessageRow>}
          {q.data?.items.map((x) => (
            <tr key={x.id} data-testid={`tx-${x.id}`}>
              <td className={`${td} tabular-nums`}>{kstDateTime(x.createdAt)}</td>
              <td className={td}>{x.type}</td>
              <td className={tdNum}>
                {fmtWld(x.amount, locale, true)} {x.coinSymbol}
              </td>
              <td className={td}>
                {x.hidden ? (
                  <span className="text-xs text-gray-600">{t("tx.hidden")}</span>
                ) : (
                  <button
                    type="button"
                    className="rounded-md border border-gray-300 px-2 py-1 text-xs"
                    onClick={() => setHiding(x.id)}
                  >
                    {t("tx.hide")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </TableBox>
      <Pager page={page} total={q.data?.total ?? 0} limit={10} onPage={setPage} />
    </AdminDialog>
  );
}

function RoleDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const [role, setRole] = useState<Role>(member.role);
  return (
    <AdminDialog
      open
      title={t("action.role")}
      onClose={onClose}
      onConfirm={async (memo) => {
        await api(`${base(member)}/toggle-role`, { method: "PATCH", body: { role }, headers: memoHeaders(memo) });
        onDone(t("done.role", { role }));
      }}
    >
      <Radios
        legend={t("col.role")}
        value={role}
        onChange={setRole}
        options={(["USER", "ADMIN", "SUPERADMIN"] as const).map((r) => ({ value: r, label: r }))}
      />
    </AdminDialog>
  );
}

function RefCodeDialog({ member, onClose, onDone }: DialogProps) {
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

function TempPasswordDialog({ member, onClose }: DialogProps) {
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
        const r = await api<{ temporaryPassword: string }>(`${base(member)}/password-reset`, {
          method: "PATCH",
          headers: memoHeaders(memo),
        });
        setPassword(r.temporaryPassword);
        toast(t("done.tempPassword"), { kind: "success" });
      }}
    >
      {password === null ? (
        <p className="text-sm">{t("confirmTempPassword", { userId: member.userId })}</p>
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
