"use client";

/**
 * One member's detail (a dialog whose heading is the userId) and every member action the spec lists, each a button
 * opening its own dialog: fields labelled 금액 / 이율 / 전화번호 / 추천인 코드 / 사유, the 메모 (sent as
 * x-audit-memo), 확인 / 취소, the spec's validation, server errors inside the dialog. Money dialogs show
 * before → after and send an Idempotency-Key. After success the dialog closes, a toast confirms and the
 * list and detail refetch (react-query), so the row shows the new values without a reload. Only the actions the
 * signed-in role may take on this member are offered (lib/auth/permissions.ts `can` and `targetRefusal`, the same
 * table the server decides by); 신분증 승인 only while a document waits, 신분증 반려 while one waits or is approved.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/components/admin/admin-context";
import { useCan } from "@/components/admin/kit/use-can";
import { Fact } from "@/components/admin/kit/fields";
import { fmtRate, fmtWld, kstDateTime } from "@/components/admin/kit/format";
import { MoneyDialog, RateDialog, TransactionsDialog } from "./dialogs/money-dialogs";
import {
  DeleteDialog,
  IdApproveDialog,
  IdRejectDialog,
  IdViewDialog,
  PhoneDialog,
  WalletResetDialog,
} from "./dialogs/profile-dialogs";
import { type MemberPermission, targetRefusal } from "@/lib/auth/permissions";
import { TwoFactorResetDialog, WithdrawLimitDialog } from "./dialogs/account-dialogs";
import { RefCodeDialog, RoleDialog, TempPasswordDialog } from "./dialogs/superadmin-dialogs";
import type { DialogProps } from "./dialogs/types";
import { freezeKeyOf, MemberFreeze, UnfreezeDialog } from "./freeze-section";
import { type MemberRow, memberKey, membersKey, useMemberRewards, useMemberStaking } from "./queries";
import { refreshQueries } from "@/lib/client/refresh";

/** Each action and the permission it needs (lib/auth/permissions.ts), in the order the buttons show. */
const ACTIONS = {
  phone: "member.phone",
  idView: "member.read",
  idApprove: "member.kyc",
  idReject: "member.kyc",
  walletReset: "member.wallet-reset",
  delete: "member.deactivate",
  coin: "member.credit",
  stakingWithdraw: "member.credit",
  rate: "member.rate",
  interest: "member.credit",
  unhist: "member.credit",
  transactions: "member.read",
  role: "member.role",
  refCode: "member.ref-code",
  tempPassword: "member.password-reset",
  twoFactorReset: "member.two-factor-reset",
  withdrawLimit: "member.withdraw-limit",
  /** Offered by the freeze section while the member is locked (./freeze-section.tsx), not as a button here. */
  unfreeze: "member.unfreeze",
} as const satisfies Record<string, MemberPermission>;
type Action = keyof typeof ACTIONS;

/** Whether an action applies to the member as they are now (an ID decision needs a document to decide on). */
function applies(a: Action, m: MemberRow): boolean {
  if (a === "unfreeze") return false;
  if (a === "idApprove") return m.idStatus === "PENDING";
  if (a === "idReject") return m.idStatus === "PENDING" || m.idStatus === "APPROVED";
  return true;
}

export function MemberDetail({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const t = useTranslations("Admin.members");
  const tc = useTranslations("Admin.common");
  const ta = useTranslations("AuditLog");
  const locale = useLocale();
  const me = useAdmin();
  const may = useCan();
  const toast = useToast();
  const qc = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const staking = useMemberStaking(member.id);
  const rewards = useMemberRewards(member.id);
  const wldStake = staking.data?.stakes.find((s) => s.coinSymbol === "WLD");

  const actions = (Object.keys(ACTIONS) as Action[]).filter(
    (a) =>
      may(ACTIONS[a]) &&
      targetRefusal(me, { id: member.id, role: member.role, status: "ACTIVE" }, ACTIONS[a]) === null &&
      applies(a, member),
  );
  const close = () => setAction(null);
  const done = (message: string) => {
    setAction(null);
    toast(message, { kind: "success" });
    void refreshQueries(qc, { queryKey: membersKey });
    void refreshQueries(qc, { queryKey: memberKey(member.id) });
    void refreshQueries(qc, { queryKey: freezeKeyOf(member.id) });
    void refreshQueries(qc, { queryKey: ["admin", "dashboard"] });
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
            <Fact label={t("col.role")}>{ta(`value.${member.role}`)}</Fact>
            <Fact label={t("col.createdAt")}>{kstDateTime(member.createdAt)}</Fact>
          </dl>
          <MemberFreeze
            member={member}
            canPropose={
              may(ACTIONS.unfreeze) &&
              targetRefusal(me, { id: member.id, role: member.role, status: "ACTIVE" }, ACTIONS.unfreeze) === null
            }
            onPropose={() => setAction("unfreeze")}
          />
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
      {action === "twoFactorReset" && <TwoFactorResetDialog {...props} />}
      {action === "withdrawLimit" && <WithdrawLimitDialog {...props} />}
      {action === "unfreeze" && <UnfreezeDialog {...props} />}
    </>
  );
}
