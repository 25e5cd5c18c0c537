/**
 * A new member's whole journey at 390 × 844, in Korean and then in English:
 * welcome → sign-up with a referral code → login → ID upload on /verify → an administrator approves it in the
 * admin console → the wallet shows the 1000 WLD → swap → wallet address in Settings → a transfer through the
 * review step → the history shows it pending with its 진행 상황 timeline → cancel → a buy request → logging out
 * in one browser context leaves a second context logged in. A screenshot of every step is saved
 * (JOURNEY_SHOTS_DIR, default .test-data/screens/journey).
 *
 * The names the issue fixes (구매, 금액 (KRW), 받는 수량, 진행 상황, 로그인 기기 …) are written out here; every
 * other label is read from the message catalogs, so the English run walks the same screens by their English
 * names.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { staffContext } from "./admin";
import { expect, test } from "./fixtures";
import sharp from "sharp";

const SHOTS = process.env.JOURNEY_SHOTS_DIR ?? path.resolve(".test-data/screens/journey");
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Journey-Pass-2026";
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

type Locale = "ko" | "en";
const catalogs = new Map<string, Record<string, unknown>>();
/** A text from messages/<locale>/<namespace>.json by its dotted key (ICU arguments left out). */
function msg(locale: Locale, ns: string, key: string): string {
  const file = `${locale}/${ns}`;
  if (!catalogs.has(file))
    catalogs.set(file, JSON.parse(fs.readFileSync(path.resolve("messages", locale, `${ns}.json`), "utf8")));
  let v: unknown = catalogs.get(file);
  for (const part of key.split(".")) v = (v as Record<string, unknown>)?.[part];
  if (typeof v !== "string") throw new Error(`no message ${file}:${key}`);
  return v;
}

/** The names the issue fixes, per language. */
const FIXED = {
  ko: { buy: "구매", krw: "금액 (KRW)", receive: "받는 수량", progress: "진행 상황", devices: "로그인 기기" },
  en: { buy: "Buy", krw: "Amount (KRW)", receive: "You receive", progress: "Progress", devices: "Login devices" },
} as const;

test.use({ reducedMotion: "reduce", viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 240_000 });

async function localeContext(browser: Browser, baseURL: string | undefined, locale: Locale) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: locale === "ko" ? "ko-KR" : "en-US",
    timezoneId: "Asia/Seoul",
    reducedMotion: "reduce",
  });
  if (locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  return context;
}

/** Fails on the browser's own alert()/confirm(): every message is an in-app dialog or toast. */
function noNativeDialogs(page: Page) {
  page.on("dialog", async (d) => {
    await d.dismiss();
    throw new Error(`a native dialog opened: ${d.message()}`);
  });
}

/** Data has arrived: no skeleton left, entry transitions done (client navigations never reach "networkidle" again). */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await expect(page.locator(".skeleton")).toHaveCount(0);
  await page.waitForTimeout(300);
}

for (const locale of ["ko", "en"] as const) {
  const m = (ns: string, key: string) => msg(locale, ns, key);
  const fixed = FIXED[locale];

  test(`a new member's journey, from the welcome page to a second device (${locale})`, async ({ browser, baseURL }) => {
    let step = 0;
    const shot = async (page: Page, name: string) => {
      step += 1;
      await page.screenshot({ path: path.join(SHOTS, `${locale}-${String(step).padStart(2, "0")}-${name}.png`) });
    };
    const handle = `jrn${locale}${Date.now().toString(36)}`;
    const context = await localeContext(browser, baseURL, locale);
    const page = await context.newPage();
    noNativeDialogs(page);
    let second: BrowserContext | undefined;
    let admin: BrowserContext | undefined;

    try {
      // ── Welcome → sign-up with a referral code
      await page.goto("/");
      // The logo is drawn in SVG (no emoji, which renders as an empty box without an emoji font).
      await expect(page.locator("main svg").first()).toBeVisible();
      expect(await page.locator("body").textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
      await shot(page, "welcome");
      await page.getByLabel(m("welcome", "agree")).check();
      await page.getByRole("button", { name: m("welcome", "signup") }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await page.getByLabel(m("auth", "signup.name"), { exact: true }).fill(locale === "ko" ? "여정회원" : "Journey");
      await page.getByLabel(m("auth", "signup.userId"), { exact: true }).fill(handle);
      await page.getByLabel(m("auth", "signup.password"), { exact: true }).fill(PASSWORD);
      await page.getByLabel(m("auth", "signup.passwordConfirm"), { exact: true }).fill(PASSWORD);
      await page.getByLabel(m("auth", "signup.refCode"), { exact: true }).fill("WELCOME1");
      await shot(page, "signup");
      await page.getByRole("button", { name: m("auth", "signup.submit") }).click();
      const notice = page.getByRole("alertdialog");
      await expect(notice).toContainText(m("auth", "signup.success"));
      await shot(page, "signup-done");
      await notice.getByRole("button", { name: m("auth", "notice.ok") }).click();
      await expect(page).toHaveURL(/\/login/);

      // ── Login
      await page.getByLabel(m("auth", "login.userId"), { exact: true }).fill(handle);
      await page.getByLabel(m("auth", "login.password"), { exact: true }).fill(PASSWORD);
      await shot(page, "login");
      await page.getByRole("button", { name: m("auth", "login.submit") }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText(m("home", "firstStep.title"))).toBeVisible();
      await settled(page);
      await shot(page, "home-new-member");

      // ── ID upload on /verify
      await page.goto("/verify");
      await expect(page.getByRole("heading", { name: m("verify", "title") })).toBeVisible();
      const png = await sharp({ create: { width: 900, height: 560, channels: 3, background: "#1d4ed8" } })
        .png()
        .toBuffer();
      await page
        .getByLabel(m("verify", "chooseFile"))
        .setInputFiles({ name: "id.png", mimeType: "image/png", buffer: png });
      await page.getByRole("button", { name: m("verify", "submit") }).click();
      const register = page.getByRole("dialog", { name: m("verify", "confirmTitle") });
      await register.getByRole("button", { name: m("verify", "confirm"), exact: true }).click();
      await expect(page.getByTestId("verify-status").getByText(m("verify", "status.PENDING"))).toBeVisible();
      await shot(page, "verify-pending");

      // ── An administrator approves it in the admin console (a laptop-sized window, Korean console)
      admin = await staffContext(browser, baseURL, "admin", {
        viewport: { width: 1280, height: 800 },
        timezoneId: "Asia/Seoul",
      });
      const adminPage = await admin.newPage();
      await adminPage.goto("/admin/id-reviews");
      const card = adminPage.getByTestId(`id-review-${handle}`);
      await card.getByRole("button", { name: "신분증 승인" }).click();
      const approve = adminPage.getByRole("dialog", { name: "신분증 승인" });
      await approve.getByRole("button", { name: "확인" }).click();
      await expect(
        adminPage.getByRole("status").filter({ hasText: `${handle} 회원의 신분증을 승인했습니다.` }),
      ).toBeVisible();
      await adminPage.screenshot({ path: path.join(SHOTS, `${locale}-admin-approved.png`) });
      await admin.close();
      admin = undefined;

      // ── The wallet shows the 1000 WLD
      await page.goto("/wallet");
      await page.getByRole("tab", { name: m("wallet", "tabs.coin") }).click();
      const wldRow = page.getByTestId("coin-row-WLD");
      await expect(wldRow).toContainText("1,000");
      await settled(page);
      await shot(page, "wallet-1000");

      // ── Swap 100 WLD into staking
      await page.getByRole("tab", { name: m("wallet", "tabs.staking") }).click();
      await page.getByRole("button", { name: m("wallet", "staking.swapButton"), exact: true }).click();
      const swap = page.getByRole("dialog", { name: m("wallet", "swap.title") });
      await swap.getByLabel(m("wallet", "swap.amount")).fill("100");
      await shot(page, "swap");
      await swap.getByRole("button", { name: m("common", "confirm"), exact: true }).click();
      await swap.getByRole("button", { name: m("wallet", "swap.confirmSwap") }).click();
      await expect(swap).toBeHidden();
      await expect(page.getByTestId("staked-wld")).toContainText("100");
      await shot(page, "swapped");

      // ── Wallet address in Settings
      await page.goto("/settings");
      await page.getByRole("button", { name: new RegExp(m("settings", "walletAddress")) }).click();
      const wallet = page.getByRole("dialog", { name: m("settings", "wallet.title") });
      await wallet.getByLabel(m("settings", "wallet.network")).selectOption("OP");
      const exchange = wallet.getByLabel(m("settings", "wallet.exchange"));
      if ((await exchange.evaluate((el) => el.tagName)) === "SELECT") await exchange.selectOption("Upbit");
      else await exchange.fill("Upbit");
      await wallet.getByLabel(m("settings", "wallet.address"), { exact: true }).fill(ADDRESS);
      await wallet.getByLabel(m("settings", "wallet.currentPassword")).fill(PASSWORD);
      await shot(page, "wallet-address");
      await wallet.getByRole("button", { name: m("settings", "wallet.save"), exact: true }).click();
      await expect(page.getByText(m("settings", "wallet.saved"))).toBeVisible();

      // ── A transfer through the review step
      await page.goto("/wallet");
      await page.getByRole("button", { name: m("wallet", "transferAction"), exact: true }).click();
      const send = page.getByRole("dialog", { name: m("wallet", "send.TRANSFER.title") });
      await send.getByLabel(m("wallet", "send.TRANSFER.amount")).fill("10");
      await shot(page, "transfer-form");
      await send.getByRole("button", { name: m("wallet", "send.next") }).click();
      const review = send.getByTestId("review-step");
      await expect(review.getByText(fixed.receive, { exact: true })).toBeVisible();
      await expect(send.getByTestId("review-receive")).toContainText("10 WLD");
      await expect(send.getByTestId("review-network")).toHaveText("OP Mainnet");
      await expect(send.getByTestId("review-exchange")).toHaveText("Upbit");
      // The whole address, on screen (not shortened to 0x5290…9EE7).
      await expect(send.getByTestId("review-address")).toHaveText("0x52908400098527886E0F7030069857D2E4169EE7");
      await shot(page, "transfer-review");
      await send.getByRole("button", { name: m("wallet", "send.TRANSFER.submit") }).click();
      await expect(send.getByTestId("receipt-status")).toHaveText(m("history", "status.PENDING"));
      await shot(page, "transfer-receipt");
      await send.getByRole("link", { name: m("wallet", "receipt.history") }).click();

      // ── History: pending with its timeline → cancel
      await expect(page).toHaveURL(/\/wallet-history$/);
      const requests = page.getByTestId("request-list");
      const transfer = requests
        .getByRole("listitem")
        .filter({ hasText: m("history", "requestTypes.TRANSFER") })
        .first();
      await expect(transfer.getByTestId("request-status")).toHaveText(m("history", "status.PENDING"));
      const progress = page.getByRole("list", { name: fixed.progress }).first();
      await expect(progress).toBeVisible();
      await expect(progress.getByRole("listitem").first()).toContainText(m("history", "events.PENDING"));
      await settled(page);
      await shot(page, "history-pending");
      await transfer
        .getByRole("button", { name: new RegExp(m("history", "cancel")) })
        .first()
        .click();
      // The cancel asks first, naming the request.
      const confirmCancel = page.getByRole("alertdialog", { name: m("wallet", "cancelRequest.title") });
      await confirmCancel.getByRole("button", { name: m("wallet", "cancelRequest.confirm"), exact: true }).click();
      await expect(requests.getByTestId("request-status").first()).toHaveText(m("history", "status.CANCELLED"));
      await shot(page, "history-cancelled");

      // ── A buy request
      await page.goto("/wallet");
      await page.getByRole("tab", { name: m("wallet", "tabs.coin") }).click();
      await page.getByTestId("coin-row-WLD").getByRole("button", { name: fixed.buy, exact: true }).click();
      const buy = page.getByRole("dialog", { name: m("wallet", "buy.title") });
      await expect(buy.getByTestId("buy-price")).toContainText("₩", { timeout: 30_000 });
      await buy.getByLabel(fixed.krw).fill("50000");
      await shot(page, "buy-form");
      await buy.getByRole("button", { name: m("wallet", "buy.submit") }).click();
      await expect(buy.getByTestId("receipt-status")).toHaveText(m("history", "status.PENDING"));
      await shot(page, "buy-receipt");
      await buy.getByRole("button", { name: m("wallet", "receipt.close") }).click();

      // ── Two devices: logging out on one leaves the other logged in
      second = await localeContext(browser, baseURL, locale);
      const other = await second.newPage();
      expect((await other.request.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(
        200,
      );
      await other.goto("/settings/devices");
      await expect(other.getByRole("heading", { name: fixed.devices })).toBeVisible();
      await expect(other.getByRole("listitem").filter({ hasText: m("settings", "devices.logoutOne") })).toHaveCount(2);
      await settled(other);
      await other.screenshot({ path: path.join(SHOTS, `${locale}-${String(++step).padStart(2, "0")}-devices.png`) });

      await page.goto("/world-id");
      await page.getByRole("button", { name: m("worldId", "logout") }).click();
      await page
        .getByRole("alertdialog", { name: m("auth", "logoutConfirm.title") })
        .getByRole("button", { name: m("auth", "logoutConfirm.confirm") })
        .click();
      await expect(page).toHaveURL(/\/(login|)(\?.*)?$/);
      await page.goto("/home");
      await expect(page).toHaveURL(/\/login/);
      await shot(page, "logged-out");

      await other.goto("/home");
      await expect(other).toHaveURL(/\/home$/);
      await expect(other.getByRole("heading", { level: 1, name: m("home", "title") })).toBeVisible();
      await other.goto("/settings/devices");
      await expect(other.getByRole("listitem").filter({ hasText: m("settings", "devices.logoutOne") })).toHaveCount(1);
    } finally {
      await admin?.close();
      await second?.close();
      await context.close();
    }
  });
}
