/**
 * The member's inbox and CSV downloads at 390 × 844 against the production build: a new
 * member signs in from a second device (a "new device" notification) and changes their password; the bell on
 * Home carries the unread count in its name; /notifications (heading 알림) lists them; one is marked read, then
 * 모두 읽음 clears the count; the empty state; English; axe; /wallet-history's two CSV downloads. Screenshots in
 * .test-data/screens/notifications/.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe, expectTouchTarget, noSidewaysScroll, settle } from "./checks";

const SHOTS = ".test-data/screens/notifications";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Notify-Pass-2026";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

let serial = 0;
async function newMember(page: Page): Promise<string> {
  const userId = `ntf${Date.now().toString(36)}${serial++}`;
  const res = await page.request.post("/api/signup", {
    data: { name: "알림회원", userId, password: PASSWORD, refId: "WELCOME1" },
  });
  expect(res.status()).toBe(201);
  return userId;
}

async function login(page: Page, userId: string, password = PASSWORD) {
  const r = await page.request.post("/api/login", { data: { userId, password } });
  expect(r.status()).toBe(200);
}

/** The same member on an iPhone: a device this member has not used. */
async function loginFromIphone(browser: Browser, baseURL: string | undefined, userId: string) {
  const context = await browser.newContext({ baseURL, userAgent: IPHONE_UA });
  const page = await context.newPage();
  await login(page, userId);
  await context.close();
}

const bell = (page: Page) => page.getByTestId("notification-bell");

test.describe("notifications", () => {
  test("bell count, open the inbox, mark one read, then 모두 읽음", async ({ page, browser, baseURL }) => {
    const userId = await newMember(page);
    await login(page, userId);
    await loginFromIphone(browser, baseURL, userId);
    const changed = await page.request.patch(`/api/users/by-id/${userId}/password`, {
      data: { currentPassword: PASSWORD, newPassword: "Notify-Pass-2027" },
    });
    expect(changed.status()).toBe(200);

    await page.goto("/home");
    await expect(bell(page)).toHaveAccessibleName("알림, 읽지 않음 2개");
    await expect(bell(page)).toContainText("2");
    await expectTouchTarget(bell(page), "bell");
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/home-bell-ko.png` });

    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { name: "알림", level: 1 })).toBeVisible();
    const items = page.getByTestId("notification-item");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText("비밀번호 변경");
    await expect(items.nth(1)).toContainText("새 기기에서 로그인");
    await expect(items.nth(1)).toContainText("Mobile Safari · iOS");
    await noSidewaysScroll(page, "notifications ko");
    await axe(page, "notifications ko");
    await page.screenshot({ path: `${SHOTS}/inbox-ko.png`, fullPage: true });

    // One marked read on its own.
    await page.getByRole("button", { name: "새 기기에서 로그인 읽음 표시" }).click();
    await expect(items.nth(1)).toHaveAttribute("data-unread", "false");
    await expect(page.getByText("읽지 않음 1")).toBeVisible();

    // All at once.
    const all = page.getByRole("button", { name: "모두 읽음" });
    await all.click();
    await expect(page.locator('[data-testid="notification-item"][data-unread="true"]')).toHaveCount(0);
    await expect(all).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/inbox-read-ko.png`, fullPage: true });
    await page.goto("/home");
    await expect(bell(page)).toHaveAccessibleName("알림");
    await expect(bell(page)).not.toContainText(/\d/);

    // English: the same notifications, rendered in English when read.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(items.first()).toContainText("Password changed");
    await expect(items.nth(1)).toContainText("Sign-in from a new device");
    await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
    await axe(page, "notifications en");
    await page.screenshot({ path: `${SHOTS}/inbox-en.png`, fullPage: true });
  });

  test("empty inbox; the inbox's loading skeleton", async ({ page }) => {
    const userId = await newMember(page);
    await login(page, userId);
    await page.goto("/home");
    await expect(bell(page)).toHaveAccessibleName("알림");
    // The list answer held back: the skeleton shows until it arrives.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/notifications?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/notifications");
    await expect(page.getByRole("status", { name: "불러오는 중…" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/inbox-loading-ko.png` });
    release();
    await expect(page.getByText("새 알림이 없습니다.")).toBeVisible();
    await expect(page.getByRole("button", { name: "모두 읽음" })).toBeDisabled();
    await axe(page, "notifications empty");
    await page.screenshot({ path: `${SHOTS}/inbox-empty-ko.png` });
  });

  test("/wallet-history: 거래 내역 CSV and 보상 내역 CSV download the member's own files", async ({
    page,
    baseURL,
  }) => {
    const userId = await newMember(page);
    await login(page, userId);
    await page.goto("/wallet-history");
    const tx = page.getByRole("link", { name: "거래 내역 CSV" });
    const rewards = page.getByRole("link", { name: "보상 내역 CSV" });
    await expect(tx).toBeVisible();
    await expectTouchTarget(tx, "transactions CSV");
    await tx.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/wallet-history-csv-ko.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), tx.click()]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{12}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain("일시(KST),구분,코인,수량,보유 변동,보호 잠금 변동,보상 변동,원화 환산(KRW),");
    const [download2] = await Promise.all([page.waitForEvent("download"), rewards.click()]);
    expect(download2.suggestedFilename()).toMatch(/^rewards-\d{12}\.csv$/);

    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
    await page.goto("/wallet-history");
    await expect(page.getByRole("link", { name: "Transactions CSV" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rewards CSV" })).toBeVisible();
    await axe(page, "wallet-history en");
    await page.screenshot({ path: `${SHOTS}/wallet-history-csv-en.png`, fullPage: true });
  });
});
