/** Authorization matrix rows for KRW deposits matched to the bank (the operator's account, bank statements). */
import { ADMIN_ONLY, ANY_MEMBER, type AuthzRow, FINANCE } from "./types";

/** A statement whose one line is bad: passes the guard, then 400 BANK_STATEMENT_INVALID — nothing is stored. */
const badStatement = () => {
  const form = new FormData();
  form.append("file", new Blob(["거래일시,입금자명,입금액,잔액\n어제,누군가1234,1000,1000\n"]), "statement.csv");
  return form;
};

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/deposit-account", expect: ANY_MEMBER, note: "where every member pays KRW in" },
  { method: "GET", path: "/api/admin/deposits/bank", query: "status=REVIEW", expect: { ...ADMIN_ONLY, ...FINANCE } },
  { method: "POST", path: "/api/admin/deposits/bank", rawBody: badStatement, expect: { ...ADMIN_ONLY, ...FINANCE } },
  {
    method: "POST",
    path: "/api/admin/deposits/bank/lines/[id]/resolve",
    params: () => ({ id: "999999999" }),
    body: { action: "dismiss", reason: "matrix" }, // no such line: 404 once authorized
    expect: { ...ADMIN_ONLY, ...FINANCE },
  },
];
