/**
 * The panic button (lib/account/freeze.ts) against the production build, in Korean and English: a member locks their
 * account from a second browser (Settings → 계정 잠금 → 계정 잠그기); the first browser is signed out, and once signed
 * in again sees the locked banner and has a withdrawal refused (403 ACCOUNT_FROZEN); unlocking with the password
 * starts the 24-hour cool-down. The new-device notification's "본인이 아닌가요? 계정 잠그기" opens the same lock. axe at
 * 390 and 1280 px on the lock page (both states) and on the public /account-locked page.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe } from "./checks";
import { signUpMember, useLocale } from "./members";

const PASSWORD = "Freeze-Pass-2026";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const T = {
  ko: {
    row: "계정 잠금",
    lock: "계정 잠그기",
    locked: "계정이 잠겼습니다",
    banner: "계정이 잠겨 있습니다",
    unlockLink: "잠금 해제하기",
    password: "비밀번호",
    unlock: "잠금 해제",
    unlocked: "잠금이 해제되었습니다",
    notYou: "본인이 아닌가요? 계정 잠그기",
    fromNotification: "새 기기에서 로그인한 사람이 본인이 아니라면",
  },
  en: {
    row: "Lock account",
    lock: "Lock my account",
    locked: "Your account is locked",
    banner: "Your account is locked",
    unlockLink: "Unlock",
    password: "Password",
    unlock: "Unlock",
    unlocked: "Your account is unlocked",
    notYou: "Not you? Lock your account",
    fromNotification: "If the person who signed in from a new device was not you",
  },
} as const;

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

/** A second browser (another device): its own cookies, an iPhone's user agent. */
async function otherDevice(browser: Browser, baseURL: string | undefined, locale: "ko" | "en") {
  const context = await browser.newContext({ baseURL, userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
  await useLocale(context, baseURL, locale);
  return { context, page: await context.newPage() };
}

const login = async (page: Page, userId: string) =>
  expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);

const withdraw = (page: Page) =>
  page.request.post("/api/transfer-requests", { data: { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" } });

for (const locale of ["ko", "en"] as const) {
  const t = T[locale];

  test(`locked from a second browser: the first is signed out, a withdrawal refused; unlocking starts the cool-down (${locale})`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    const userId = await signUpMember(page, {
      prefix: `frz${locale}`,
      name: "잠금회원",
      password: PASSWORD,
      funded: false,
    });
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);

    // The second browser locks the account from Settings.
    const b = await otherDevice(browser, baseURL, locale);
    await login(b.page, userId);
    await b.page.goto("/settings");
    await b.page.getByRole("link", { name: t.row }).click();
    await expect(b.page).toHaveURL(/\/settings\/lock$/);
    await expect(b.page.getByRole("heading", { level: 1, name: t.row })).toBeVisible();
    await axe(b.page, `lock page 390 ${locale}`);
    await b.page.setViewportSize({ width: 1280, height: 900 });
    await axe(b.page, `lock page 1280 ${locale}`);
    await b.page.getByRole("button", { name: t.lock }).click();
    await expect(b.page).toHaveURL(/\/account-locked$/);
    await expect(b.page.getByRole("heading", { level: 1, name: t.locked })).toBeVisible();
    await axe(b.page, `account-locked 1280 ${locale}`);
    await b.page.setViewportSize({ width: 390, height: 844 });
    await axe(b.page, `account-locked 390 ${locale}`);
    // The second browser is signed out too.
    await b.page.goto("/home");
    await expect(b.page).toHaveURL(/\/login(\?|$)/);
    await b.context.close();

    // The first browser: signed out.
    await page.goto("/wallet");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    // Signed in again: the banner, and a withdrawal refused.
    await login(page, userId);
    const refused = await withdraw(page);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe("ACCOUNT_FROZEN");
    await page.goto("/home");
    const banner = page.getByTestId("frozen-banner");
    await expect(banner.getByRole("heading", { name: t.banner })).toBeVisible();
    await banner.getByRole("link", { name: t.unlockLink }).click();
    await expect(page).toHaveURL(/\/settings\/lock$/);
    await axe(page, `unlock form 390 ${locale}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await axe(page, `unlock form 1280 ${locale}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole("button", { name: t.unlock, exact: true }).click();
    await expect(page.getByRole("status")).toContainText(t.unlocked);
    const state = (await (await page.request.get("/api/account/freeze")).json()) as {
      frozen: boolean;
      cooldownUntil: string | null;
    };
    expect(state.frozen).toBe(false);
    expect(new Date(state.cooldownUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const cooling = await withdraw(page);
    expect(cooling.status()).toBe(403);
    expect((await cooling.json()).code).toBe("COOLDOWN");
    await page.goto("/home");
    await expect(page.getByTestId("frozen-banner")).toHaveCount(0);
  });

  test(`the new-device notification's link locks the account with one confirmation (${locale})`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await useLocale(context, baseURL, locale);
    const userId = await signUpMember(page, {
      prefix: `frn${locale}`,
      name: "알림회원",
      password: PASSWORD,
      funded: false,
    });
    // A sign-in from a new device (an iPhone) tells the member.
    const b = await otherDevice(browser, baseURL, locale);
    await login(b.page, userId);
    await b.context.close();
    await page.goto("/notifications");
    await page.getByRole("link", { name: t.notYou }).click();
    await expect(page).toHaveURL(/\/settings\/lock\?from=notification$/);
    await expect(page.getByText(t.fromNotification)).toBeVisible();
    await page.getByRole("button", { name: t.lock }).click();
    await expect(page).toHaveURL(/\/account-locked$/);
    await login(page, userId);
    const state = (await (await page.request.get("/api/account/freeze")).json()) as { frozen: boolean; how: string };
    expect(state).toMatchObject({ frozen: true, how: "NOTIFICATION" });
  });
}
