/**
 * The send flow's Korean rules in the browser at 390 × 844, Korean then English: a withdrawal worth ₩1,000,000 or
 * more (the fake exchange prices WLD at ₩1,540, tests/support/fake-upstream.ts: 700 WLD = ₩1,078,000, inside the
 * ₩2,000,000 daily limit) asks the recipient's details (수취인 이름 / 본인 계정 / 관계), the review shows the
 * "트래블룰 정보" the request sends, and the request carries them (the administrator's queue shows its record);
 * a send below the threshold asks nothing extra — the send modal and the transfer page alike. Before the member
 * types: the KRW hold line after a buy (with the sendable amount without the held part of the lock), a blocked
 * exchange and an unverified personal wallet. axe at 390 and 1280 px on the Travel Rule step and the review.
 * Screenshots in .test-data/screens/travel-rule.
 */
import fs from "node:fs";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { staffContext } from "./admin";
import { expect, test } from "./fixtures";
import { formatKst } from "../../lib/kst-time";
import { formatWldText } from "../../lib/money-text";
import { axe } from "./checks";
import { OP_WALLET, signUpMember, useLocale } from "./members";

const SHOTS = ".test-data/screens/travel-rule";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Travel-Rule-2026";
const NAME = "여행회원";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

test.use({ reducedMotion: "reduce" });

const T = {
  ko: {
    coin: "코인",
    withdraw: "출금",
    withdrawTitle: "출금 신청",
    withdrawAmount: "출금 수량 (WLD)",
    withdrawSubmit: "출금 신청",
    next: "다음",
    pageAmount: "수량",
    pageSubmit: "신청하기",
    transferSubmit: "전송 신청",
    recipientName: "수취인 이름",
    selfOwned: "본인 계정",
    relationship: "관계",
    why: "받는 거래소는 보내는 사람과 받는 사람의 이름이 없는 ₩1,000,000 이상 입금을 보류합니다. (트래블룰)",
    missingName: "수취인 이름을 입력해주세요.",
    missingRelationship: "받는 분과의 관계를 선택해주세요.",
    heading: "트래블룰 정보",
    verified: "완료",
    family: "가족",
    ownAccount: "본인 계정",
    hold: (amount: string, time: string) => `출금 대기 수량 ${amount} WLD · ${time} 해제`,
    blocked: "보낼 수 없는 주소",
    blockedReset: "관리자에게 지갑 주소 초기화를 요청한 뒤",
    unverified: "확인이 필요한 개인 지갑",
    verifyLink: "지갑 주소 확인하러 가기",
  },
  en: {
    coin: "Coin",
    withdraw: "Withdraw",
    withdrawTitle: "Withdrawal request",
    withdrawAmount: "Amount to withdraw (WLD)",
    withdrawSubmit: "Request withdrawal",
    next: "Next",
    pageAmount: "Amount",
    pageSubmit: "Submit request",
    transferSubmit: "Request transfer",
    recipientName: "Recipient name",
    selfOwned: "My own account",
    relationship: "Relationship",
    why: "Receiving exchanges hold deposits of ₩1,000,000 or more that arrive without the sender's and the recipient's names (Travel Rule).",
    missingName: "Enter the recipient's name.",
    missingRelationship: "Choose your relationship to the recipient.",
    heading: "Travel Rule details",
    verified: "Yes",
    family: "Family",
    ownAccount: "My own account",
    hold: (amount: string, time: string) => `On hold: ${amount} WLD · opens ${time}`,
    blocked: "This address cannot receive",
    blockedReset: "ask an administrator to reset your wallet address",
    unverified: "Personal wallet not verified",
    verifyLink: "Verify your wallet address",
  },
} as const;
type Locale = keyof typeof T;

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** axe at the phone width and on a laptop, back on the phone afterwards. */
async function axeBothWidths(page: Page, where: string) {
  await axe(page, `${where} 390`);
  await page.setViewportSize(LAPTOP);
  await axe(page, `${where} 1280`);
  await page.setViewportSize(PHONE);
}

type Status = {
  krwHold: { amount: string; inLock: string; releasesAt: string | null };
  originator: { name: string; memberNumber: string; idVerified: boolean };
};

async function statusOf(page: Page, handle: string): Promise<Status> {
  const r = await page.request.get(`/api/users/${handle}/withdraw-status`);
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as Status;
}

/** A funded member (tests/e2e/members.ts) with `staked` WLD in the lock in all: 200 come staked, the rest is swapped. */
async function stakedMember(page: Page, prefix: string, staked: number): Promise<string> {
  const handle = await signUpMember(page, { prefix, name: NAME, password: PASSWORD, funded: true });
  if (staked === 200) return handle;
  const swap = await page.request.post(`/api/users/${handle}/swap`, { data: { amount: String(staked - 200) } });
  expect(swap.status(), await swap.text()).toBe(200);
  return handle;
}

/** The administrator's queue row of a member's request (paged, PENDING first). */
async function queueRow(admin: APIRequestContext, requestId: number) {
  for (let page = 1; page <= 20; page++) {
    const r = await admin.get(`/api/admin/requests?status=PENDING&page=${page}&limit=50`);
    expect(r.status(), await r.text()).toBe(200);
    const body = (await r.json()) as { items: Array<{ id: number; travelRule: unknown }> };
    const row = body.items.find((i) => i.id === requestId);
    if (row) return row;
    if (body.items.length < 50) break;
  }
  throw new Error(`request ${requestId} is not in the queue`);
}

async function openWithdraw(page: Page, t: (typeof T)[Locale]) {
  await page.goto("/wallet");
  await page.getByRole("tab", { name: t.coin }).click();
  await page.getByTestId("coin-row-WLD").getByRole("button", { name: t.withdraw, exact: true }).click();
  return page.getByRole("dialog", { name: t.withdrawTitle });
}

/**
 * The review's "트래블룰 정보" rows, checked against what was entered and the member's record (700 WLD to the
 * funded member's Upbit address), then axe at both widths and a screenshot with the section in view.
 */
async function expectReview(
  page: Page,
  locale: Locale,
  summary: Locator,
  want: { originator: Status["originator"]; recipient: string; relationship: string },
) {
  await expect(summary.getByTestId("tr-sender")).toHaveText(want.originator.name);
  await expect(summary.getByTestId("tr-member-number")).toHaveText(want.originator.memberNumber);
  await expect(summary.getByTestId("tr-id-verified")).toHaveText(T[locale].verified);
  await expect(summary.getByTestId("tr-recipient")).toHaveText(want.recipient);
  await expect(summary.getByTestId("tr-relationship")).toHaveText(want.relationship);
  await expect(summary.getByTestId("tr-vasp")).toHaveText("Upbit");
  await expect(summary.getByTestId("tr-network")).toHaveText("OP Mainnet");
  await expect(summary.getByTestId("tr-address")).toHaveText(OP_WALLET.split("|")[2]!);
  await expect(summary.getByTestId("tr-amount")).toContainText("700 WLD");
  await expect(summary.getByTestId("tr-amount")).toContainText("₩1,078,000");
  await axeBothWidths(page, `travel rule review ${locale}`);
  await summary.scrollIntoViewIfNeeded();
  await shot(page, `travel-rule-review-${locale}`);
}

/** The member's newest request of `type` (its id and amount). */
async function newestRequest(page: Page, type: "WITHDRAW" | "TRANSFER") {
  const r = await page.request.get(`/api/transfer-requests?type=${type}&status=PENDING`);
  expect(r.status()).toBe(200);
  const items = ((await r.json()) as { items: Array<{ id: number; amount: string }> }).items;
  expect(items.length).toBeGreaterThan(0);
  return items.reduce((a, b) => (a.id > b.id ? a : b));
}

test(`₩1,000,000 or more: the withdraw modal asks the recipient, the review shows the Travel Rule details, the request carries them; below it the transfer page asks nothing extra (ko)`, async ({
  page,
  browser,
  baseURL,
}) => {
  const t = T.ko;
  const handle = await stakedMember(page, "trko", 900);
  const status = await statusOf(page, handle);
  expect(status.originator).toMatchObject({ name: NAME, idVerified: true });

  const dialog = await openWithdraw(page, t);
  await dialog.getByLabel(t.withdrawAmount).fill("700");
  await dialog.getByRole("button", { name: t.next }).click();
  const step = dialog.getByTestId("travel-rule-step");
  await expect(step.getByTestId("travel-rule-why")).toHaveText(t.why);
  // Nothing filled: each missing field says so and the first one gets the focus.
  await step.getByRole("button", { name: t.next }).click();
  const name = step.getByRole("textbox", { name: t.recipientName, exact: true });
  await expect(name).toBeFocused();
  await expect(step).toContainText(t.missingName);
  await expect(step).toContainText(t.missingRelationship);
  await expect(step.getByRole("checkbox", { name: t.selfOwned, exact: true })).not.toBeChecked();
  await axeBothWidths(page, "travel rule step (missing) ko");
  await shot(page, "travel-rule-missing-ko");
  await name.fill("김철수");
  await step.getByRole("combobox", { name: t.relationship, exact: true }).selectOption("FAMILY");
  await expect(step).not.toContainText(t.missingName);
  await axeBothWidths(page, "travel rule step ko");
  await shot(page, "travel-rule-step-ko");

  await step.getByRole("button", { name: t.next }).click();
  const summary = dialog.getByRole("region", { name: t.heading });
  await expectReview(page, "ko", summary, {
    originator: status.originator,
    recipient: "김철수",
    relationship: t.family,
  });

  await dialog.getByRole("button", { name: t.withdrawSubmit, exact: true }).click();
  await expect(dialog.getByTestId("receipt")).toBeVisible();
  await shot(page, "travel-rule-receipt-ko");
  const created = await newestRequest(page, "WITHDRAW");
  expect(created.amount).toBe("700");
  const admin = await staffContext(browser, baseURL, "admin");
  expect((await queueRow(admin.request, created.id)).travelRule).toMatchObject({
    beneficiaryName: "김철수",
    selfOwned: false,
    relationship: "FAMILY",
    exchange: "Upbit",
  });

  // 100 WLD (₩154,000) on the transfer page: straight to the review, nothing about the Travel Rule.
  await page.goto("/transfer-request");
  await page.getByLabel(t.pageAmount, { exact: true }).fill("100");
  await page.getByRole("button", { name: t.pageSubmit }).click();
  await expect(page.getByTestId("review-step")).toBeVisible();
  await expect(page.getByTestId("travel-rule-step")).toHaveCount(0);
  await expect(page.getByRole("region", { name: t.heading })).toHaveCount(0);
  await shot(page, "below-threshold-review-ko");
  await page.getByRole("button", { name: t.transferSubmit, exact: true }).click();
  await expect(page.getByTestId("receipt")).toBeVisible();
  const small = await newestRequest(page, "TRANSFER");
  expect((await queueRow(admin.request, small.id)).travelRule).toBeNull();
  await admin.close();
});

test(`₩1,000,000 or more: the transfer page asks the recipient (own account), the review shows the Travel Rule details; below it the withdraw modal asks nothing extra (en)`, async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const t = T.en;
  await useLocale(context, baseURL, "en");
  const handle = await stakedMember(page, "tren", 900);
  const status = await statusOf(page, handle);

  await page.goto("/transfer-request");
  await page.getByLabel(t.pageAmount, { exact: true }).fill("700");
  await page.getByRole("button", { name: t.pageSubmit }).click();
  const step = page.getByTestId("travel-rule-step");
  await expect(step.getByTestId("travel-rule-why")).toHaveText(t.why);
  // 본인 계정: the member's own name fills in, and no relationship is asked.
  await step.getByRole("checkbox", { name: t.selfOwned, exact: true }).check();
  await expect(step.getByRole("textbox", { name: t.recipientName, exact: true })).toHaveValue(NAME);
  await expect(step.getByRole("combobox", { name: t.relationship })).toHaveCount(0);
  await axeBothWidths(page, "travel rule step en");
  await shot(page, "travel-rule-step-en");
  // Someone else's account: the relationship is asked.
  await step.getByRole("checkbox", { name: t.selfOwned, exact: true }).uncheck();
  await step.getByRole("button", { name: t.next }).click();
  await expect(step.getByRole("combobox", { name: t.relationship, exact: true })).toBeFocused();
  await expect(step).toContainText(t.missingRelationship);
  await shot(page, "travel-rule-missing-en");
  await step.getByRole("checkbox", { name: t.selfOwned, exact: true }).check();

  await step.getByRole("button", { name: t.next }).click();
  const summary = page.getByRole("region", { name: t.heading });
  await expectReview(page, "en", summary, {
    originator: status.originator,
    recipient: NAME,
    relationship: t.ownAccount,
  });
  await page.getByRole("button", { name: t.transferSubmit, exact: true }).click();
  await expect(page.getByTestId("receipt")).toBeVisible();
  const created = await newestRequest(page, "TRANSFER");
  const admin = await staffContext(browser, baseURL, "admin");
  expect((await queueRow(admin.request, created.id)).travelRule).toMatchObject({
    beneficiaryName: NAME,
    selfOwned: true,
    relationship: null,
  });
  await admin.close();

  // 100 WLD in the withdraw modal: straight to the review.
  const dialog = await openWithdraw(page, t);
  await dialog.getByLabel(t.withdrawAmount).fill("100");
  await dialog.getByRole("button", { name: t.next }).click();
  await expect(dialog.getByTestId("review-step")).toBeVisible();
  await expect(dialog.getByRole("region", { name: t.heading })).toHaveCount(0);
  await shot(page, "below-threshold-review-en");
  await dialog.getByRole("button", { name: t.withdrawSubmit, exact: true }).click();
  await expect(dialog.getByTestId("receipt")).toBeVisible();
});

/** A KRW deposit (retried while the price feed warms up), approved by an administrator: WLD credited by KRW. */
async function buyWithKrw(page: Page, browser: Browser, baseURL: string | undefined, krw: number) {
  let id: number | null = null;
  for (let i = 0; i < 30 && id === null; i++) {
    const r = await page.request.post("/api/requests/deposit", { data: { coinSymbol: "WLD", amount: krw } });
    if (r.status() === 201) id = ((await r.json()) as { request: { id: number } }).request.id;
    else {
      expect(r.status(), await r.text()).toBe(503);
      await new Promise((res) => setTimeout(res, 1000));
    }
  }
  expect(id, "a fresh price for the deposit").not.toBeNull();
  const admin = await staffContext(browser, baseURL, "superadmin");
  const approve = await admin.request.patch(`/api/admin/requests/${id}`, {
    data: { action: "APPROVE", krwReceived: String(krw) },
  });
  expect(approve.status(), await approve.text()).toBe(200);
  await admin.close();
}

for (const locale of ["ko", "en"] as const) {
  const t = T[locale];

  test(`after a buy with KRW the hold and its opening show before typing, and the sendable amount leaves the held part of the lock out (${locale})`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    const handle = await stakedMember(page, `hold${locale}`, 200);
    await buyWithKrw(page, browser, baseURL, 100_000);
    // Everything held goes into the lock: the bought WLD is then the lock's held part.
    const coins = (await (await page.request.get(`/api/users/coins/${handle}`)).json()) as Array<{
      symbol: string;
      amount: string;
    }>;
    const holding = coins.find((c) => c.symbol === "WLD")!.amount;
    expect((await page.request.post(`/api/users/${handle}/swap`, { data: { amount: holding } })).status()).toBe(200);
    const { krwHold } = await statusOf(page, handle);
    expect(Number(krwHold.amount)).toBeGreaterThan(0);
    expect(krwHold.inLock).toBe(krwHold.amount);
    const line = t.hold(formatWldText(krwHold.amount, true, locale), formatKst(krwHold.releasesAt!, locale));

    const dialog = await openWithdraw(page, t);
    await expect(dialog.getByTestId("krw-hold")).toContainText(line);
    // 200 + 800 swapped = 1000 staked; the held part stays: 1000 − 0.2 fee.
    await expect(dialog.getByTestId("transfer-spendable")).toHaveText("999.8 WLD");
    await axe(page, `withdraw modal KRW hold ${locale}`);
    await shot(page, `krw-hold-modal-${locale}`);
    await page.goto("/transfer-request");
    await expect(page.getByTestId("krw-hold")).toContainText(line);
    await shot(page, `krw-hold-page-${locale}`);
  });
}

test("a blocked exchange and an unverified personal wallet say so before typing, and the form stays closed (ko, en)", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Members without money: the transfer page shows what holds before anything else.
  const blockedMember = await signUpMember(page, { prefix: "blk", name: NAME, password: PASSWORD, funded: false });
  const address = OP_WALLET.split("|")[2]!;
  const set = await page.request.post(`/api/users/by-id/${blockedMember}/walletAddr`, {
    data: { walletAddr: `OP|Coinone|${address}`, currentPassword: PASSWORD },
  });
  expect(set.status(), await set.text()).toBe(200);
  const admin = await staffContext(browser, baseURL, "superadmin");
  const list = (await (await admin.request.get("/api/admin/destinations")).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const coinone = list.items.find((d) => d.name === "Coinone")!;
  const block = await admin.request.patch(`/api/admin/destinations/${coinone.id}`, {
    data: { status: "BLOCKED", memo: "e2e: travel-rule.spec blocked destination" },
  });
  expect(block.status(), await block.text()).toBe(200);
  await admin.close();

  for (const locale of ["ko", "en"] as const) {
    const t = T[locale];
    await useLocale(context, baseURL, locale);
    await page.goto("/transfer-request");
    const notice = page.getByTestId("destination-blocked");
    await expect(notice).toContainText(t.blocked);
    await expect(notice).toContainText("Coinone");
    await expect(notice).toContainText(t.blockedReset);
    await expect(page.getByRole("button", { name: t.pageSubmit })).toBeDisabled();
    await axe(page, `/transfer-request blocked ${locale}`);
    await shot(page, `destination-blocked-${locale}`);
  }

  await context.clearCookies();
  const personal = await signUpMember(page, { prefix: "own", name: NAME, password: PASSWORD, funded: false });
  const own = await page.request.post(`/api/users/by-id/${personal}/walletAddr`, {
    data: { walletAddr: `OP|PERSONAL|${address}`, currentPassword: PASSWORD },
  });
  // An address may be saved before it is proven (the proof is asked when money would go there).
  expect(own.status(), await own.text()).toBe(200);
  for (const locale of ["ko", "en"] as const) {
    const t = T[locale];
    await useLocale(context, baseURL, locale);
    await page.goto("/transfer-request");
    const notice = page.getByTestId("destination-unverified");
    await expect(notice).toContainText(t.unverified);
    await expect(notice.getByRole("link", { name: t.verifyLink })).toHaveAttribute("href", /settings/);
    await expect(page.getByRole("button", { name: t.pageSubmit })).toBeDisabled();
    await axe(page, `/transfer-request unverified ${locale}`);
    await shot(page, `destination-unverified-${locale}`);
  }
});
