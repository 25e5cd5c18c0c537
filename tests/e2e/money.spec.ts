/**
 * The money screens end to end at 390 × 844: a fresh member with an approved ID, staked
 * WLD and an OP wallet address withdraws from the coin row (form → review with 받는 수량 and the split
 * destination → receipt, pending) → the history shows it with its 진행 상황 list → cancel; buys with a KRW
 * amount (금액 (KRW)) → receipt → history; the same labels in English; the review's estimate note while the
 * price feed is down (the fake upstream is switched to failing); axe on every money screen with its modals
 * open, in both languages; a brand-new member's first steps. Screenshots of every step in /tmp/shots/money.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe } from "./checks";
import { signUpMember, useLocale } from "./members";

const SHOTS = process.env.MONEY_SHOTS_DIR ?? "/tmp/shots/money";
fs.mkdirSync(SHOTS, { recursive: true });
const FAKE = `http://127.0.0.1:${process.env.E2E_FAKE_PORT ?? 3219}`;
const PASSWORD = "Money-Flow-2026";

test.use({ reducedMotion: "reduce" });

const T = {
  ko: {
    coin: "코인",
    withdraw: "출금",
    withdrawTitle: "출금 신청",
    withdrawSubmit: "출금 신청",
    withdrawAmount: "출금 수량 (WLD)",
    next: "다음",
    receive: "받는 수량",
    pending: "대기 중",
    history: "거래 내역에서 보기",
    progress: "진행 상황",
    deposit: "입금",
    buyTitle: "WLD 구매",
    buy: "구매",
    krw: "금액 (KRW)",
    buySubmit: "구매 신청",
    invalid: "코인과 금액을 올바르게 입력해주세요.",
    cancelled: "취소됨",
    refresh: "새로고침",
    close: "확인",
  },
  en: {
    coin: "Coin",
    withdraw: "Withdraw",
    withdrawTitle: "Withdrawal request",
    withdrawSubmit: "Request withdrawal",
    withdrawAmount: "Amount to withdraw (WLD)",
    next: "Next",
    receive: "You receive",
    pending: "Pending",
    history: "View in history",
    progress: "Progress",
    deposit: "Deposit",
    buyTitle: "Buy WLD",
    buy: "Buy",
    krw: "Amount (KRW)",
    buySubmit: "Request purchase",
    invalid: "Enter the coin and amount correctly.",
    cancelled: "Cancelled",
    refresh: "Refresh",
    close: "Done",
  },
} as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const fundedMember = (page: Page, prefix: string) =>
  signUpMember(page, { prefix, name: "돈회원", password: PASSWORD, funded: true });

/** The first price fetch may still be warming up: wait until the Buy modal shows a usable price. */
async function waitForPrice(page: Page) {
  const price = page.getByTestId("buy-price");
  await expect(price).toContainText("₩", { timeout: 30_000 });
}

for (const locale of ["ko", "en"] as const) {
  const t = T[locale];

  test(`withdraw → review → receipt → history → cancel, then buy → receipt → history (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    await fundedMember(page, `mon${locale}`);
    await page.goto("/wallet");
    await expect(page.getByRole("button", { name: t.refresh })).toBeVisible();
    const box = await page.getByRole("button", { name: t.refresh }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await page.getByRole("button", { name: t.refresh }).click();
    await page.getByRole("tab", { name: t.coin }).click();
    await axe(page, `/wallet coin ${locale}`);
    await shot(page, `wallet-coin-${locale}`);

    // Withdraw from the coin row.
    const row = page.getByTestId("coin-row-WLD");
    await row.getByRole("button", { name: t.withdraw, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: t.withdrawTitle });
    await expect(dialog.getByTestId("transfer-fee")).toHaveText("0.2 WLD");
    await dialog.getByLabel(t.withdrawAmount).fill("500");
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect(dialog.getByRole("button", { name: t.next })).toBeDisabled();
    await dialog.getByLabel(t.withdrawAmount).fill("10");
    await axe(page, `withdraw form ${locale}`);
    await shot(page, `withdraw-form-${locale}`);
    await dialog.getByRole("button", { name: t.next }).click();

    // The review: what arrives, the fee and the total, the destination split and shortened.
    const review = dialog.getByTestId("review-step");
    await expect(review.getByText(t.receive, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId("review-receive")).toContainText("10 WLD");
    await expect(dialog.getByTestId("review-fee")).toContainText("0.2 WLD");
    await expect(dialog.getByTestId("review-total")).toContainText("10.2 WLD");
    await expect(dialog.getByTestId("review-network")).toHaveText("OP Mainnet");
    await expect(dialog.getByTestId("review-exchange")).toHaveText("Upbit");
    // The whole address, on screen (not shortened to 0x5290…9EE7).
    await expect(dialog.getByTestId("review-address")).toHaveText("0x52908400098527886E0F7030069857D2E4169EE7");
    await expect(dialog.getByTestId("review-fee")).toContainText("₩");
    await axe(page, `withdraw review ${locale}`);
    await shot(page, `withdraw-review-${locale}`);
    await dialog.getByRole("button", { name: t.withdrawSubmit }).click();

    // The receipt: the request's status and amount, and a way to the history.
    await expect(dialog.getByTestId("receipt-status")).toHaveText(t.pending);
    await expect(dialog.getByTestId("receipt-amount")).toContainText("10 WLD");
    await axe(page, `withdraw receipt ${locale}`);
    await shot(page, `withdraw-receipt-${locale}`);
    await dialog.getByRole("link", { name: t.history }).click();
    await expect(page).toHaveURL(/\/wallet-history$/);

    // History: pending with its progress list, then cancelled.
    const requests = page.getByTestId("request-list");
    const item = requests
      .getByRole("listitem")
      .filter({ hasText: locale === "ko" ? "출금" : "Withdrawal" })
      .first();
    await expect(requests.getByTestId("request-status").first()).toHaveText(t.pending);
    const progress = page.getByRole("list", { name: t.progress }).first();
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("listitem").first()).toBeVisible();
    // The swap reads as a move to the lock, never as red income.
    const swapRow = page
      .getByTestId("tx-list")
      .getByRole("listitem")
      .filter({ hasText: locale === "ko" ? "보호 잠금으로 이동" : "Moved to the protected lock" });
    await expect(swapRow).toHaveCount(1);
    await expect(swapRow.getByTestId("tx-amount")).not.toContainText("+");
    const swapColour = await swapRow.getByTestId("tx-amount").evaluate((el) => getComputedStyle(el).color);
    expect(swapColour).not.toBe("rgb(190, 18, 60)");
    await axe(page, `/wallet-history pending ${locale}`);
    await page.screenshot({ path: `${SHOTS}/history-pending-${locale}.png`, fullPage: true });
    await item
      .getByRole("button", { name: locale === "ko" ? /취소/ : /Cancel/ })
      .first()
      .click();
    // The cancel asks first.
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: locale === "ko" ? "신청 취소" : "Cancel request", exact: true })
      .click();
    await expect(requests.getByTestId("request-status").first()).toHaveText(t.cancelled);
    await expect(progress.getByRole("listitem")).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/history-cancelled-${locale}.png`, fullPage: true });

    // Buy: the deposit button opens it once the protected lock has ended (the spec's date has passed).
    await page.goto("/wallet");
    await page.getByRole("button", { name: t.deposit, exact: true }).click();
    const buy = page.getByRole("dialog", { name: t.buyTitle });
    await waitForPrice(page);
    await buy.getByLabel(t.krw).fill("0");
    await expect(buy.getByText(t.invalid)).toBeVisible();
    await buy.getByLabel(t.krw).fill("10000");
    await expect(buy.getByTestId("buy-receive")).toHaveText(/^\d+\.\d{6} WLD$/);
    await axe(page, `buy form ${locale}`);
    await shot(page, `buy-form-${locale}`);
    await buy.getByRole("button", { name: t.buySubmit }).click();
    await expect(buy.getByTestId("receipt-status")).toHaveText(t.pending);
    await expect(buy.getByTestId("receipt-price")).toContainText("₩");
    await expect(buy.getByTestId("receipt-amount")).toHaveText(/WLD$/);
    await axe(page, `buy receipt ${locale}`);
    await shot(page, `buy-receipt-${locale}`);
    await buy.getByRole("link", { name: t.history }).click();
    await expect(
      requests
        .getByRole("listitem")
        .filter({ hasText: locale === "ko" ? "구매" : "Purchase" })
        .first(),
    ).toBeVisible();
    await expect(requests.getByTestId("request-status").first()).toHaveText(t.pending);
    await expect(page.getByRole("list", { name: t.progress }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/history-buy-${locale}.png`, fullPage: true });

    // The coin row's Buy opens the same modal; /transfer-request with its review.
    await page.goto("/wallet");
    await page.getByRole("tab", { name: t.coin }).click();
    await page.getByTestId("coin-row-WLD").getByRole("button", { name: t.buy, exact: true }).click();
    await expect(page.getByRole("dialog", { name: t.buyTitle })).toBeVisible();
    await axe(page, `buy modal from the coin row ${locale}`);
    await page.keyboard.press("Escape");
    await page.goto("/transfer-request");
    await axe(page, `/transfer-request ${locale}`);
    await page.getByLabel(locale === "ko" ? "수량" : "Amount", { exact: true }).fill("6");
    await page.getByRole("button", { name: locale === "ko" ? "신청하기" : "Submit request" }).click();
    await expect(page.getByText(t.receive, { exact: true })).toBeVisible();
    await axe(page, `/transfer-request review ${locale}`);
    await shot(page, `transfer-request-review-${locale}`);
  });
}

test("a brand-new member sees first steps, not zeros and blank lists", async ({ page }) => {
  const handle = `new${Date.now().toString(36)}`;
  expect(
    (
      await page.request.post("/api/signup", {
        data: { name: "처음", userId: handle, password: PASSWORD, refId: "WELCOME1" },
      })
    ).status(),
  ).toBe(201);
  expect((await page.request.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(200);
  await page.goto("/wallet");
  await page.getByRole("tab", { name: "코인" }).click();
  const empty = page.getByTestId("coins-empty");
  await expect(empty.getByRole("link", { name: "신분증 인증하고 1,000 WLD 받기" })).toHaveAttribute("href", "/verify");
  await shot(page, "new-member-coin");
  await page.goto("/wallet-history");
  await expect(page.getByRole("link", { name: "지갑으로 가기" })).toBeVisible();
  await expect(page.getByRole("link", { name: "지갑에서 신청하기" })).toBeVisible();
  await axe(page, "/wallet-history new member");
  await shot(page, "new-member-history");
});

test("while the price feed is down, the review says its KRW figures are estimates", async ({ page }) => {
  test.setTimeout(150_000);
  await fundedMember(page, "stale");
  const fail = await fetch(`${FAKE}/__mode?mode=fail`);
  expect(fail.ok).toBe(true);
  try {
    // The server refreshes at most every 30 s; the next attempt fails and prices read stale.
    await expect
      .poll(async () => (await (await page.request.get("/api/prices")).json()).stale, {
        timeout: 90_000,
        intervals: [2_000],
      })
      .toBe(true);
    await page.goto("/wallet");
    await page.getByRole("button", { name: "전송", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "전송 신청" });
    await dialog.getByLabel("전송 수량 (WLD)").fill("5");
    await dialog.getByRole("button", { name: "다음" }).click();
    await expect(dialog.getByTestId("review-estimate")).toBeVisible();
    await expect(dialog.getByText("받는 수량", { exact: true })).toBeVisible();
    await axe(page, "transfer review, stale price");
    await shot(page, "transfer-review-stale-ko");
  } finally {
    await fetch(`${FAKE}/__reset`);
  }
});
