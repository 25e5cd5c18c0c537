/**
 * The operator's side of bank statements and payouts in the browser, against the production build, in Korean and in
 * English: /admin/deposits/bank — a statement upload with its summary, the lines to review with their reason in words,
 * a line linked to a deposit (요청에 연결, the open deposits searched by 입금자명) and one dismissed with a reason (무시), the
 * matched and dismissed tabs; the request queue — a deposit's 입금자명 and its statement match, the approval dialog
 * asking the KRW received (prefilled), an approved withdrawal's `송금 완료 처리` dialog (a malformed hash is refused next
 * to the field) and `송금 실패 처리` with a reason (송금 실패); /admin/reconciliation with its outside section.
 * axe (no serious or critical violation) at 1280 and 390 px on every screen and dialog; screenshots in
 * /tmp/shots/bank-admin.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe, noSidewaysScroll, settle } from "./checks";
import { adminPage } from "./admin";
import { signUpMember } from "./members";

const SHOTS = process.env.BANK_ADMIN_SHOTS_DIR ?? "/tmp/shots/bank-admin";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = "Bank-Admin-2026";

type Locale = "ko" | "en";
const T = {
  ko: {
    bankTitle: "은행 거래내역",
    file: "거래내역 파일",
    upload: "업로드",
    unknown: "알 수 없는 입금자명",
    mismatch: "금액 불일치",
    match: "요청에 연결",
    dismiss: "무시",
    dismissReason: "무시하는 사유",
    confirm: "확인",
    matchedTab: "일치",
    dismissedTab: "무시됨",
    queueTitle: "입출금 요청",
    approve: "승인",
    krwReceived: "실제 받은 원화",
    cancel: "취소",
    payout: "송금 완료 처리",
    txHash: "트랜잭션 해시",
    txHashInvalid: "트랜잭션 해시는 0x와 16진수 64자리입니다.",
    fail: "송금 실패 처리",
    failReason: "실패 사유",
    failed: "송금 실패",
    matchedBadge: "거래내역 일치",
    reconTitle: "외부와 대사 (체인 · 은행)",
  },
  en: {
    bankTitle: "Bank statements",
    file: "Statement file",
    upload: "Upload",
    unknown: "Unknown depositor name",
    mismatch: "Amount differs",
    match: "Link to request",
    dismiss: "Dismiss",
    dismissReason: "Reason for dismissing",
    confirm: "Confirm",
    matchedTab: "Matched",
    dismissedTab: "Dismissed",
    queueTitle: "Deposit and withdrawal requests",
    approve: "Approve",
    krwReceived: "KRW actually received",
    cancel: "Cancel",
    payout: "Record payout",
    txHash: "Transaction hash",
    txHashInvalid: "A transaction hash is 0x followed by 64 hexadecimal digits.",
    fail: "Mark payout failed",
    failReason: "Reason for the failure",
    failed: "Payout failed",
    matchedBadge: "Statement matched",
    reconTitle: "Against the outside (chain · bank)",
  },
} as const;

test.use({ reducedMotion: "reduce" });

/** axe and a full-page screenshot at 1280 px, then at 390 px (no sideways scroll of the page itself). */
async function checkBothWidths(page: Page, name: string, { scroll = true } = {}) {
  for (const [label, size] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    await axe(page, `${name} ${label}`);
    if (label === "phone" && scroll) await noSidewaysScroll(page, `${name} ${label}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
}

/** "YYYY-MM-DD HH:mm:ss" KST of now. */
const kstNow = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

/** Two funded members (one pending request per coin and type each): a deposit and a withdrawal, a deposit and a transfer. */
async function member(page: Page, browser: Browser, baseURL: string, prefix: string, name: string) {
  const handle = await signUpMember(page, { prefix, name, password: PASSWORD, funded: true });
  const other = await browser.newContext({ baseURL });
  const p2 = await other.newPage();
  await signUpMember(p2, { prefix: `${prefix}b`, name, password: PASSWORD, funded: true });
  const ask = async (pg: Page, url: string, data: object) => {
    const r = await pg.request.post(url, { data });
    expect(r.status(), await r.text()).toBe(201);
    return ((await r.json()) as { request: { id: number; depositorName?: string } }).request;
  };
  const d = await ask(page, "/api/requests/deposit", { coinSymbol: "WLD", amount: 50000 });
  const d2 = await ask(p2, "/api/requests/deposit", { coinSymbol: "WLD", amount: 30000 });
  const w1 = await ask(page, "/api/transfer-requests", { amount: "10", type: "WITHDRAW" });
  const w2 = await ask(p2, "/api/transfer-requests", { amount: "12", type: "TRANSFER" });
  await other.close();
  return {
    handle,
    deposit: { id: d.id, depositorName: d.depositorName! },
    deposit2: { id: d2.id, depositorName: d2.depositorName! },
    withdraw: w1.id,
    withdraw2: w2.id,
  };
}

async function walk(browser: Browser, baseURL: string, page: Page, locale: Locale) {
  const t = T[locale];
  const m = await member(page, browser, baseURL, `bk${locale}`, locale === "ko" ? "은행관리" : "Bank Admin");
  const a = await adminPage(browser, baseURL, "admin", locale);

  // The statement: the deposit's name with another amount (금액 불일치) and a name nobody carries.
  await a.goto("/admin/deposits/bank");
  await expect(a.getByRole("heading", { level: 1, name: t.bankTitle })).toBeVisible();
  await expect(a.getByRole("link", { name: t.bankTitle, exact: true })).toHaveAttribute("aria-current", "page");
  const csv = [
    "거래일시,입금자명,입금액,출금액,잔액",
    `${kstNow()},${m.deposit.depositorName},49000,,1049000`,
    `${kstNow()},모름${locale}${Date.now() % 1000},7000,,1056000`,
  ].join("\n");
  await a
    .getByLabel(t.file)
    .setInputFiles({ name: `statement-${locale}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await a.getByRole("button", { name: t.upload, exact: true }).click();
  const result = a.getByTestId("bank-upload-result");
  await expect(result.getByTestId("upload-linesNew")).toHaveText("2");
  await expect(result.getByTestId("upload-matched")).toHaveText("0");
  await expect(result.getByTestId("upload-review")).toHaveText("2");
  const mismatchRow = a.locator("tr", { hasText: m.deposit.depositorName }).filter({ hasText: t.mismatch });
  await expect(mismatchRow).toBeVisible();
  const unknownRow = a.locator("tr", { hasText: `모름${locale}` });
  await expect(unknownRow).toContainText(t.unknown);
  await checkBothWidths(a, `bank-${locale}`);

  // 요청에 연결: the dialog searches the open deposits by 입금자명; the line credits the chosen one.
  await mismatchRow.getByRole("button", { name: t.match }).click();
  const dialog = a.getByRole("dialog");
  await expect(dialog.getByRole("radio", { name: new RegExp(`#${m.deposit.id} `) })).toBeVisible();
  await checkBothWidths(a, `bank-match-${locale}`, { scroll: false });
  await dialog.getByRole("radio", { name: new RegExp(`#${m.deposit.id} `) }).check();
  await dialog.getByRole("button", { name: t.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(mismatchRow).toHaveCount(0);

  // 무시 with a reason.
  await unknownRow.getByRole("button", { name: t.dismiss }).click();
  await expect(a.getByRole("dialog")).toBeVisible();
  await checkBothWidths(a, `bank-dismiss-${locale}`, { scroll: false });
  await a.getByRole("dialog").getByLabel(t.dismissReason).fill("회사 간 이체");
  await a.getByRole("dialog").getByRole("button", { name: t.confirm }).click();
  await expect(a.getByRole("dialog")).toBeHidden();
  await a.getByRole("tab", { name: new RegExp(t.dismissedTab) }).click();
  await expect(a.locator("tr", { hasText: `모름${locale}` })).toContainText("회사 간 이체");
  await a.getByRole("tab", { name: new RegExp(`^${t.matchedTab}`) }).click();
  await expect(a.locator("tr", { hasText: m.deposit.depositorName })).toContainText(`#${m.deposit.id}`);
  await checkBothWidths(a, `bank-matched-${locale}`);

  // The queue: the credited deposit shows its 입금자명 and the statement match; the other asks the KRW received.
  await a.goto(`/admin/deposits?search=${encodeURIComponent(`bk${locale}`)}`);
  await expect(a.getByRole("heading", { level: 1, name: t.queueTitle })).toBeVisible();
  const credited = a.getByTestId(`request-${m.deposit.id}`);
  await expect(credited).toHaveAttribute("data-status", "APPROVED");
  await expect(credited.getByTestId("depositor-name")).toHaveText(m.deposit.depositorName);
  await expect(credited.getByTestId("bank-line-matched")).toHaveText(t.matchedBadge);
  const open = a.getByTestId(`request-${m.deposit2.id}`);
  await expect(open.getByTestId("depositor-name")).toHaveText(m.deposit2.depositorName);
  await open.getByRole("button", { name: t.approve, exact: true }).click();
  await expect(a.getByRole("dialog").getByLabel(t.krwReceived)).toHaveValue("30000");
  await checkBothWidths(a, `queue-approve-deposit-${locale}`, { scroll: false });
  await a.getByRole("dialog").getByRole("button", { name: t.cancel }).click();

  // Approved withdrawals: 송금 완료 처리 refuses a malformed hash next to the field; 송금 실패 처리 with a reason.
  for (const id of [m.withdraw, m.withdraw2]) {
    const ok = await a.request.patch(`/api/admin/requests/${id}`, { data: { action: "approve" } });
    expect(ok.status(), await ok.text()).toBe(200);
  }
  await a.reload();
  const w = a.getByTestId(`request-${m.withdraw}`);
  await expect(w).toHaveAttribute("data-status", "APPROVED");
  await checkBothWidths(a, `queue-${locale}`);
  await w.getByRole("button", { name: t.payout }).click();
  const pay = a.getByRole("dialog");
  await pay.getByLabel(t.txHash).fill("0x1234");
  await pay.getByRole("button", { name: t.confirm }).click();
  await expect(pay.getByRole("alert")).toHaveText(t.txHashInvalid);
  await expect(pay.getByLabel(t.txHash)).toHaveAttribute("aria-invalid", "true");
  await checkBothWidths(a, `queue-payout-${locale}`, { scroll: false });
  await pay.getByRole("button", { name: t.cancel }).click();

  const w2 = a.getByTestId(`request-${m.withdraw2}`);
  await w2.getByRole("button", { name: t.fail }).click();
  await a.getByRole("dialog").getByLabel(t.failReason).fill("주소 확인 불가");
  await checkBothWidths(a, `queue-fail-${locale}`, { scroll: false });
  await a.getByRole("dialog").getByRole("button", { name: t.confirm }).click();
  await expect(a.getByRole("dialog")).toBeHidden();
  await expect(w2).toHaveAttribute("data-status", "FAILED");
  await expect(w2).toContainText(t.failed);

  // Reconciliation with the outside.
  await a.goto("/admin/reconciliation");
  await expect(a.getByRole("heading", { level: 2, name: t.reconTitle })).toBeVisible();
  await expect(a.getByTestId("recon-network-OP")).toBeVisible();
  await checkBothWidths(a, `reconciliation-${locale}`);
  await a.context().close();
}

for (const locale of ["ko", "en"] as const) {
  test(`bank statements, payout dialogs and reconciliation for the operator (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await walk(browser, baseURL!, page, locale);
  });
}
