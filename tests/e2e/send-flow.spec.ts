/**
 * One clear way to send and two of its helpful forms, in Korean and English at 390 px:
 * - a member holding WLD with an empty lock balance opens 출금 and reads where sendable WLD comes from, with the
 *   swap offered in one tap (prefilled with the holding); after it the same form can send; 출금 and 전송 each say
 *   in one line how they differ;
 * - 최대 fills what can be sent after the fee, and the server accepts that amount;
 * - the review shows the whole destination address on screen;
 * - cancelling a pending request asks first (dismiss: unchanged; confirm: cancelled);
 * - a stale price disables the buy button before anything is typed, with the reason (the fake upstream fails).
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { OP_WALLET, signUpMember, useLocale } from "./members";

const SHOTS = process.env.SEND_SHOTS_DIR ?? "/tmp/shots/send-flow";
fs.mkdirSync(SHOTS, { recursive: true });
const FAKE = `http://127.0.0.1:${process.env.E2E_FAKE_PORT ?? 3219}`;
const PASSWORD = "Send-Flow-2026";
const ADDRESS = OP_WALLET.split("|")[2]!;

test.use({ reducedMotion: "reduce", viewport: { width: 390, height: 844 } });

const T = {
  ko: {
    withdraw: "출금",
    transfer: "전송",
    withdrawTitle: "출금 신청",
    transferTitle: "전송 신청",
    withdrawAmount: "출금 수량 (WLD)",
    withdrawDiffers: "등록한 지갑 주소로 보냅니다. 전송과 수수료·처리 방식이 같고, 내역에만 ‘출금’으로 남습니다.",
    transferDiffers: "등록한 지갑 주소로 보냅니다. 출금과 수수료·처리 방식이 같고, 내역에만 ‘전송’으로 남습니다.",
    source: "출금·전송은 스테이킹(보호 잠금) 잔액에서 나갑니다. 보유 WLD는 스왑해야 보낼 수 있습니다.",
    emptyTitle: "스테이킹 잔액이 없어 보낼 수 없습니다",
    swapAction: "1,000 WLD 스왑하기",
    swapTitle: "WLD 스왑",
    swapAmount: "스왑 수량 (WLD)",
    confirm: "확인",
    confirmSwap: "스왑하기",
    max: "최대",
    next: "다음",
    submit: "출금 신청",
    pending: "대기 중",
    cancelled: "취소됨",
    history: "거래 내역에서 보기",
    cancel: /취소/,
    cancelTitle: "신청을 취소할까요?",
    cancelWhat: (id: string) => `출금 199.8 WLD · 신청 ${id}번`,
    keep: "아니요",
    cancelConfirm: "신청 취소",
    deposit: "입금",
    buyTitle: "WLD 구매",
    buySubmit: "구매 신청",
    krw: "금액 (KRW)",
    stale: /시세가 .+ 이후 갱신되지 않아 지금은 구매를 신청할 수 없습니다\. 시세가 갱신되면 다시 열립니다\./,
  },
  en: {
    withdraw: "Withdraw",
    transfer: "Transfer",
    withdrawTitle: "Withdrawal request",
    transferTitle: "Transfer request",
    withdrawAmount: "Amount to withdraw (WLD)",
    withdrawDiffers:
      "Sends to your registered wallet address. Same fee and handling as a transfer; only the history calls it a withdrawal.",
    transferDiffers:
      "Sends to your registered wallet address. Same fee and handling as a withdrawal; only the history calls it a transfer.",
    source:
      "Withdrawals and transfers leave from your staking (protected-lock) balance. WLD you hold must be swapped in first.",
    emptyTitle: "Your staking balance is empty, so nothing can be sent",
    swapAction: "Swap 1,000 WLD",
    swapTitle: "Swap WLD",
    swapAmount: "Amount to swap (WLD)",
    confirm: "Confirm",
    confirmSwap: "Swap",
    max: "Max",
    next: "Next",
    submit: "Request withdrawal",
    pending: "Pending",
    cancelled: "Cancelled",
    history: "View in history",
    cancel: /Cancel/,
    cancelTitle: "Cancel this request?",
    cancelWhat: (id: string) => `Withdrawal 199.8 WLD · request #${id}`,
    keep: "Keep it",
    cancelConfirm: "Cancel request",
    deposit: "Deposit",
    buyTitle: "Buy WLD",
    buySubmit: "Request purchase",
    krw: "Amount (KRW)",
    stale:
      /The price hasn't updated since .+, so a purchase can't be requested now\. It reopens when the price updates\./,
  },
} as const;

/**
 * A member with an approved ID (the 1000 WLD reward in their holding) and an OP wallet address; `swap` WLD moved
 * into the lock first, or none (tests/e2e/members.ts signUpMember always swaps 200).
 */
async function member(page: Page, prefix: string, swap: string | null): Promise<string> {
  return signUpMember(page, { prefix, name: "보내기", password: PASSWORD, funded: true, swap });
}

for (const locale of ["ko", "en"] as const) {
  const t = T[locale];

  test(`an empty lock explains itself and offers the swap in one tap; each send says how it differs (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    await member(page, `sfe${locale}`, null);
    await page.goto("/wallet");

    // 전송 says in one line how it differs from 출금.
    await page.getByRole("button", { name: t.transfer, exact: true }).click();
    const transfer = page.getByRole("dialog", { name: t.transferTitle });
    await expect(transfer.getByTestId("send-kind")).toHaveText(t.transferDiffers);
    await page.keyboard.press("Escape");
    await expect(transfer).toHaveCount(0);

    await page.getByRole("button", { name: t.withdraw, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: t.withdrawTitle });
    await expect(dialog.getByTestId("send-kind")).toHaveText(t.withdrawDiffers);
    await expect(dialog.getByTestId("transfer-spendable")).toHaveText("0 WLD");
    const source = dialog.getByTestId("send-source");
    await expect(source).toContainText(t.emptyTitle);
    await expect(source).toContainText(t.source);
    await expect(dialog.getByRole("button", { name: t.max, exact: true })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/empty-lock-${locale}.png` });

    // One tap: the swap opens with the whole holding filled in.
    await source.getByRole("button", { name: t.swapAction }).click();
    const swap = page.getByRole("dialog", { name: t.swapTitle });
    await expect(swap.getByLabel(t.swapAmount)).toHaveValue("1000");
    await swap.getByRole("button", { name: t.confirm, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: t.confirmSwap, exact: true }).click();

    // Back in the same form, which can now send.
    const again = page.getByRole("dialog", { name: t.withdrawTitle });
    await expect(again.getByTestId("transfer-spendable")).toHaveText("999.8 WLD");
    await expect(again.getByTestId("send-source")).toHaveText(t.source);
    await expect(again.getByRole("button", { name: t.swapAction })).toHaveCount(0);
    await expect(again.getByRole("button", { name: t.max, exact: true })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/after-swap-${locale}.png` });
  });

  test(`최대 fills what can be sent after the fee, the review shows the whole address, a cancel asks first (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    const handle = await member(page, `sfm${locale}`, "200");
    await page.goto("/wallet");
    await page.getByRole("button", { name: t.withdraw, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: t.withdrawTitle });
    await expect(dialog.getByTestId("transfer-spendable")).toHaveText("199.8 WLD");
    await dialog.getByRole("button", { name: t.max, exact: true }).click();
    await expect(dialog.getByLabel(t.withdrawAmount)).toHaveValue("199.8");
    await expect(dialog.getByTestId("transfer-total")).toContainText("200 WLD");
    await dialog.getByRole("button", { name: t.next }).click();

    // The review: the whole address, on screen (not only for screen readers).
    const address = dialog.getByTestId("review-address");
    await expect(address).toHaveText(ADDRESS);
    await expect(address).toBeVisible();
    const box = await address.boundingBox();
    expect(box!.width).toBeGreaterThan(150);
    expect(box!.height).toBeGreaterThan(10);
    await expect(dialog.getByTestId("review-total")).toContainText("200 WLD");
    await page.screenshot({ path: `${SHOTS}/review-${locale}.png` });

    // The server accepts the 최대 amount: amount + fee is the whole lock balance.
    await dialog.getByRole("button", { name: t.submit }).click();
    await expect(dialog.getByTestId("receipt-status")).toHaveText(t.pending);
    await expect(dialog.getByTestId("receipt-amount")).toContainText("199.8 WLD");
    const staked = (await (await page.request.get(`/api/users/${handle}/staked-coins`)).json()) as Array<{
      coinSymbol: string;
      amount: string | number;
    }>;
    expect(Number(staked.find((s) => s.coinSymbol === "WLD")?.amount ?? 0)).toBe(0);

    // History: cancel asks first, naming the request; 아니요 leaves it pending, 신청 취소 cancels it.
    await dialog.getByRole("link", { name: t.history }).click();
    await expect(page).toHaveURL(/\/wallet-history$/);
    const requests = page.getByTestId("request-list");
    const item = requests.getByRole("listitem").first();
    const id = ((await item.getAttribute("data-testid")) ?? "").replace("request-", "");
    expect(id).toMatch(/^\d+$/);
    await item.getByRole("button", { name: t.cancel }).first().click();
    let ask = page.getByRole("alertdialog", { name: t.cancelTitle });
    await expect(ask).toBeVisible();
    await expect(ask.getByTestId("cancel-confirm")).toContainText(t.cancelWhat(id));
    await page.screenshot({ path: `${SHOTS}/cancel-confirm-${locale}.png` });
    await ask.getByRole("button", { name: t.keep, exact: true }).click();
    await expect(ask).toHaveCount(0);
    await expect(requests.getByTestId("request-status").first()).toHaveText(t.pending);

    await item.getByRole("button", { name: t.cancel }).first().click();
    ask = page.getByRole("alertdialog", { name: t.cancelTitle });
    await ask.getByRole("button", { name: t.cancelConfirm, exact: true }).click();
    await expect(ask).toHaveCount(0);
    await expect(requests.getByTestId("request-status").first()).toHaveText(t.cancelled);
  });
}

test("a stale price disables the buy button before anything is typed, with the reason (ko, en)", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await member(page, "sfb", null);
  expect((await fetch(`${FAKE}/__mode?mode=fail`)).ok).toBe(true);
  try {
    // The server refreshes at most every 30 s; the next attempt fails and the price reads stale.
    await expect
      .poll(async () => (await (await page.request.get("/api/price/WLD")).json()).stale, {
        timeout: 90_000,
        intervals: [2_000],
      })
      .toBe(true);
    for (const locale of ["ko", "en"] as const) {
      const t = T[locale];
      await useLocale(context, baseURL, locale);
      await page.goto("/wallet");
      await page.getByRole("button", { name: t.deposit, exact: true }).click();
      const buy = page.getByRole("dialog", { name: t.buyTitle });
      await expect(buy.getByTestId("buy-blocked")).toHaveText(t.stale);
      await expect(buy.getByLabel(t.krw)).toHaveValue("");
      const submit = buy.getByRole("button", { name: t.buySubmit });
      await expect(submit).toBeDisabled();
      await expect(submit).toHaveAccessibleDescription(t.stale);
      await page.screenshot({ path: `${SHOTS}/buy-stale-${locale}.png` });
    }
  } finally {
    await fetch(`${FAKE}/__reset`);
  }
  // The next specs start from a fresh price again.
  await expect
    .poll(async () => (await (await page.request.get("/api/price/WLD")).json()).stale, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe(false);
});
