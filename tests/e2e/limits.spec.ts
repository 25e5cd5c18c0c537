/**
 * The money cool-down and the daily limit in the browser at 390 × 844, Korean then English: the transfer page and the
 * withdraw modal show what is left of today's KRW withdrawal limit before the member types (and it shrinks by a
 * request's KRW value); after a password change they show the cool-down with the KST time requests open again and keep
 * the submit closed. axe on both screens. Screenshots in .test-data/screens/limits.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { formatKst } from "../../lib/kst-time";
import { axe } from "./checks";
import { signUpMember, useLocale } from "./members";

const SHOTS = ".test-data/screens/limits";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Limit-Flow-2026";
const NEW_PASSWORD = "Limit-Flow-2027";

test.use({ reducedMotion: "reduce" });

const T = {
  ko: {
    leftToday: "오늘 남은 출금 한도",
    dailyLimit: "하루 한도 ₩2,000,000 · 매일 0시(KST) 초기화",
    cooldownTitle: "보안 보호 기간",
    cooldown: (time: string) => `보안 정보가 변경되어 ${time}부터 전송·출금을 신청할 수 있습니다.`,
    submit: "신청하기",
    coin: "코인",
    withdraw: "출금",
    withdrawTitle: "출금 신청",
    withdrawAmount: "출금 수량 (WLD)",
    next: "다음",
  },
  en: {
    leftToday: "Left to withdraw today",
    dailyLimit: "Daily limit ₩2,000,000 · resets at 00:00 KST",
    cooldownTitle: "Security hold",
    cooldown: (time: string) => `Your security details changed: transfers and withdrawals open again at ${time}.`,
    submit: "Submit request",
    coin: "Coin",
    withdraw: "Withdraw",
    withdrawTitle: "Withdrawal request",
    withdrawAmount: "Amount to withdraw (WLD)",
    next: "Next",
  },
} as const;
type Locale = keyof typeof T;

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

type Status = { cooldownUntil: string | null; dailyLimitKrw: string; usedTodayKrw: string; leftTodayKrw: string };

const fundedMember = (page: Page, prefix: string) =>
  signUpMember(page, { prefix, name: "한도회원", password: PASSWORD, funded: true });

async function statusOf(page: Page, handle: string): Promise<Status> {
  const r = await page.request.get(`/api/users/${handle}/withdraw-status`);
  expect(r.status()).toBe(200);
  return (await r.json()) as Status;
}

/** "1963703.5" → "₩1,963,703" (whole won, cut), as the screens print KRW. */
const won = (krw: string) => `₩${BigInt(krw.split(".")[0]!).toLocaleString("ko-KR")}`;

async function openWithdraw(page: Page, t: (typeof T)[Locale]) {
  await page.goto("/wallet");
  await page.getByRole("tab", { name: t.coin }).click();
  await page.getByTestId("coin-row-WLD").getByRole("button", { name: t.withdraw, exact: true }).click();
  return page.getByRole("dialog", { name: t.withdrawTitle });
}

for (const locale of ["ko", "en"] as const) {
  const t = T[locale];

  test(`what is left today shows before typing and shrinks by a request's KRW value (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    const handle = await fundedMember(page, `lim${locale}`);
    await page.goto("/transfer-request");
    const line = page.getByTestId("left-today");
    await expect(line).toContainText(t.leftToday);
    await expect(line).toContainText("₩2,000,000");
    await expect(line).toContainText(t.dailyLimit);
    await expect(page.getByTestId("cooldown-notice")).toHaveCount(0);
    await expect(page.getByRole("button", { name: t.submit })).toBeEnabled();
    await axe(page, `/transfer-request limits ${locale}`);
    await shot(page, `transfer-left-today-${locale}`);

    // A 100 WLD withdrawal counts at the price of its moment.
    const req = await page.request.post("/api/transfer-requests", {
      data: { coinSymbol: "WLD", amount: "100", type: "WITHDRAW" },
    });
    expect(req.status(), await req.text()).toBe(201);
    const s = await statusOf(page, handle);
    expect(s.usedTodayKrw).not.toBe("0");
    const dialog = await openWithdraw(page, t);
    await expect(dialog.getByTestId("left-today")).toContainText(won(s.leftTodayKrw));
    await shot(page, `withdraw-left-today-${locale}`);
  });

  test(`after a password change the cool-down and its end show, and the form stays closed (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    const handle = await fundedMember(page, `cool${locale}`);
    const pw = await page.request.patch(`/api/users/by-id/${handle}/password`, {
      data: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(pw.status(), await pw.text()).toBe(200);
    const s = await statusOf(page, handle);
    expect(s.cooldownUntil).not.toBeNull();
    const time = formatKst(s.cooldownUntil!, locale);

    await page.goto("/transfer-request");
    const notice = page.getByTestId("cooldown-notice");
    await expect(notice).toContainText(t.cooldownTitle);
    await expect(notice).toContainText(t.cooldown(time));
    await expect(page.getByRole("button", { name: t.submit })).toBeDisabled();
    await axe(page, `/transfer-request cool-down ${locale}`);
    await shot(page, `transfer-cooldown-${locale}`);

    const dialog = await openWithdraw(page, t);
    await expect(dialog.getByTestId("cooldown-notice")).toContainText(t.cooldown(time));
    await dialog.getByLabel(t.withdrawAmount).fill("10");
    await expect(dialog.getByRole("button", { name: t.next })).toBeDisabled();
    await axe(page, `withdraw modal cool-down ${locale}`);
    await shot(page, `withdraw-cooldown-${locale}`);
  });
}
