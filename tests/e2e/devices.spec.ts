/**
 * Login devices and Settings (its referrer-code row included), at 390 × 844 against
 * the production build: two browser contexts signed in as the same new member; `다른 기기 모두 로그아웃` on A
 * sends B to /login while A keeps working; ending one device from the list, and logging out on one context,
 * leave the other signed in; the Settings rows (referrer code, the wallet address's first step, 44 px targets,
 * SVG chevrons); loading and error states; axe in Korean and English; screenshots of both screens in both
 * languages (DEVICES_SHOTS_DIR, default /tmp/shots/devices).
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signIn } from "./admin";
import { allowConsole, expect, test } from "./fixtures";
import { axe, expectTouchTarget, settle } from "./checks";

const SHOTS = process.env.DEVICES_SHOTS_DIR ?? "/tmp/shots/devices";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Devices-Pass-2026";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

let serial = 0;
/** A fresh member signed up through the API (referral WELCOME1); returns the handle. */
async function newMember(page: Page, prefix = "dev"): Promise<string> {
  const userId = `${prefix}${Date.now().toString(36)}${serial++}`;
  const res = await page.request.post("/api/signup", {
    data: { name: "기기회원", userId, password: PASSWORD, refId: "WELCOME1" },
  });
  expect(res.status()).toBe(201);
  return userId;
}

/** A second browser (another device): its own cookie jar, an iPhone's user agent. */
async function otherDevice(browser: Browser, baseURL: string | undefined, locale: "ko" | "en" = "ko") {
  const context = await browser.newContext({
    baseURL,
    userAgent: IPHONE_UA,
    viewport: { width: 390, height: 844 },
    locale: locale === "en" ? "en-US" : "ko-KR",
    timezoneId: "Asia/Seoul",
  });
  if (locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  return { context, page: await context.newPage() };
}

async function login(page: Page, userId: string, password = PASSWORD) {
  const r = await page.request.post("/api/login", { data: { userId, password } });
  expect(r.status()).toBe(200);
}

/** Where a page lands when it opens a member screen: /login?next=… once its session has ended. */
async function expectSignedOut(page: Page) {
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

const devicesOf = (page: Page) =>
  page.getByRole("list", { name: /로그인된 기기 목록|Signed-in devices/ }).getByRole("listitem");

test.describe("login devices", () => {
  test("A sees 2 devices with itself current; 다른 기기 모두 로그아웃 sends B to /login and A keeps working", async ({
    page,
    browser,
    baseURL,
  }) => {
    const userId = await newMember(page);
    await login(page, userId);
    const b = await otherDevice(browser, baseURL);
    await login(b.page, userId);
    await b.page.goto("/home");
    await expect(b.page).toHaveURL(/\/home$/);

    // Settings → 로그인 기기
    await page.goto("/settings");
    await page.getByRole("link", { name: "로그인 기기" }).click();
    await expect(page).toHaveURL(/\/settings\/devices$/);
    await expect(page.getByRole("heading", { name: "로그인 기기", level: 1 })).toBeVisible();
    const items = devicesOf(page);
    await expect(items).toHaveCount(2);
    await expect(page.locator('[data-testid="device"][data-current="true"]')).toHaveCount(1);
    await expect(items.first()).toHaveAttribute("data-current", "true");
    await expect(items.first()).toContainText("Chrome · Android");
    await expect(items.first().getByText("이 기기", { exact: true })).toBeVisible();
    await expect(items.nth(1)).toContainText("Mobile Safari · iOS");
    await expect(items.nth(1).getByText("이 기기", { exact: true })).toHaveCount(0);
    // IP, signed in and last active, in KST
    await expect(items.first()).toContainText("IP 주소");
    await expect(items.first()).toContainText(/127\.0\.0\.1|::1|알 수 없음/);
    await expect(items.first().getByText(/KST$/)).toHaveCount(2);
    for (const i of [0, 1]) await expect(items.nth(i).getByRole("button", { name: "이 기기 로그아웃" })).toBeVisible();
    await expectTouchTarget(items.first().getByRole("button", { name: "이 기기 로그아웃" }), "이 기기 로그아웃");
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/devices-ko.png`, fullPage: true });

    // 다른 기기 모두 로그아웃, confirmed in an in-app alertdialog (cancel first: nothing happens)
    await page.getByRole("button", { name: "다른 기기 모두 로그아웃" }).click();
    let dialog = page.getByRole("alertdialog", { name: "다른 기기에서 모두 로그아웃할까요?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("1대");
    await page.screenshot({ path: `${SHOTS}/devices-confirm-ko.png` });
    await dialog.getByRole("button", { name: "취소" }).click();
    await expect(dialog).toBeHidden();
    await expect(items).toHaveCount(2);
    await page.getByRole("button", { name: "다른 기기 모두 로그아웃" }).click();
    dialog = page.getByRole("alertdialog", { name: "다른 기기에서 모두 로그아웃할까요?" });
    await dialog.getByRole("button", { name: "로그아웃", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "다른 기기에서 모두 로그아웃했습니다." })).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(page.getByText("이 기기만 로그인되어 있습니다.")).toBeVisible();
    await expect(page.getByRole("button", { name: "다른 기기 모두 로그아웃" })).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/devices-only-this-ko.png`, fullPage: true });

    // B's next navigation lands on /login; A still works
    await expectSignedOut(b.page);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/settings/devices");
    await expect(devicesOf(page)).toHaveCount(1);
    await b.context.close();
  });

  test("ending another device from the list, and logging out on one context, leave the other signed in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const userId = await newMember(page);
    await login(page, userId);
    let b = await otherDevice(browser, baseURL);
    await login(b.page, userId);

    // A ends B's row
    await page.goto("/settings/devices");
    const items = devicesOf(page);
    await expect(items).toHaveCount(2);
    await items.nth(1).getByRole("button", { name: "이 기기 로그아웃" }).click();
    const dialog = page.getByRole("alertdialog", { name: "이 기기를 로그아웃할까요?" });
    await expect(dialog).toContainText("Mobile Safari · iOS에서 로그아웃됩니다.");
    await dialog.getByRole("button", { name: "로그아웃", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "기기를 로그아웃했습니다." })).toBeVisible();
    await expect(items).toHaveCount(1);
    await expectSignedOut(b.page);
    await b.context.close();

    // B signs in again and logs itself out from its own row: B lands on /login, A stays signed in
    b = await otherDevice(browser, baseURL);
    await login(b.page, userId);
    await b.page.goto("/settings/devices");
    const mine = b.page.locator('[data-testid="device"][data-current="true"]');
    await expect(mine).toContainText("Mobile Safari · iOS");
    await mine.getByRole("button", { name: "이 기기 로그아웃" }).click();
    const own = b.page.getByRole("alertdialog", { name: "이 기기를 로그아웃할까요?" });
    await expect(own).toContainText("지금 사용 중인 이 기기에서 로그아웃됩니다.");
    await own.getByRole("button", { name: "로그아웃", exact: true }).click();
    await expect(b.page).toHaveURL(/\/login/);
    await expectSignedOut(b.page);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);

    // the app's own logout (World ID screen) on B ends B only
    await login(b.page, userId);
    await b.page.goto("/world-id");
    await b.page.getByRole("button", { name: "로그아웃" }).click();
    await b.page
      .getByRole("alertdialog", { name: "로그아웃할까요?" })
      .getByRole("button", { name: "로그아웃" })
      .click();
    await b.page.waitForURL((u) => !u.pathname.startsWith("/world-id"));
    await expectSignedOut(b.page);
    await page.goto("/settings/devices");
    await expect(devicesOf(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/settings\/devices$/);
    await b.context.close();
  });

  test("loading skeleton, then an error state with a retry", async ({ page }) => {
    const userId = await newMember(page);
    await login(page, userId);
    let fail = true;
    allowConsole(/status of 500/, "the test answers /api/sessions with 500 until the retry");
    await page.route("**/api/sessions", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      if (fail)
        await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"x","code":"INTERNAL"}' });
      else await route.continue();
    });
    await page.goto("/settings/devices");
    await expect(page.getByTestId("device-skeleton").first()).toBeVisible();
    // react-query retries before it gives up; the error state then offers 다시 시도
    const alert = page.getByRole("alert").filter({ hasText: "로그인 기기를 불러오지 못했습니다." });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    fail = false;
    await alert.getByRole("button", { name: "다시 시도" }).click();
    await expect(devicesOf(page)).toHaveCount(1);
    await expect(page.getByText("이 기기만 로그인되어 있습니다.")).toBeVisible();
  });

  test("English: names, This device, KST marker; axe on both screens in both languages", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const userId = await newMember(page);
    await login(page, userId);
    const b = await otherDevice(browser, baseURL);
    await login(b.page, userId);

    for (const locale of ["ko", "en"] as const) {
      if (locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
      await page.goto("/settings");
      await axe(page, `/settings ${locale}`);
      await page.screenshot({ path: `${SHOTS}/settings-${locale}.png`, fullPage: true });
      await page.goto("/settings/devices");
      await expect(devicesOf(page)).toHaveCount(2);
      await axe(page, `/settings/devices ${locale}`);
      if (locale === "en") await page.screenshot({ path: `${SHOTS}/devices-en.png`, fullPage: true });
    }
    await expect(page.getByRole("heading", { name: "Login devices", level: 1 })).toBeVisible();
    const first = devicesOf(page).first();
    await expect(first.getByText("This device", { exact: true })).toBeVisible();
    await expect(first.getByText(/KST$/)).toHaveCount(2);
    await expect(first.getByRole("button", { name: "Log out this device" })).toBeVisible();
    await page.getByRole("button", { name: "Log out all other devices" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Log out all other devices?" });
    await expect(dialog).toContainText("1 other device will be logged out.");
    await axe(page, "/settings/devices confirm en");
    await page.screenshot({ path: `${SHOTS}/devices-confirm-en.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await b.context.close();
  });
});

test.describe("Settings", () => {
  test("rows: SVG chevrons, 44 px targets, the wallet address's first step, the member's referrer code", async ({
    page,
  }) => {
    const userId = await newMember(page);
    await login(page, userId);
    await page.goto("/settings");
    await settle(page);
    const main = page.getByRole("main");
    await expect(main).not.toContainText("›");
    expect(await main.locator("svg").count()).toBeGreaterThanOrEqual(5);
    for (const [role, name] of [
      ["link", "World ID"],
      ["button", /지갑 주소 설정/],
      ["button", "비밀번호 변경"],
      ["link", "로그인 기기"],
      ["button", "한국어"],
      ["button", "English"],
    ] as const)
      await expectTouchTarget(main.getByRole(role, { name }), String(name));

    // no wallet address yet: a first step instead of a blank, leading to the modal
    const wallet = page.getByTestId("wallet-row");
    await expect(wallet).toContainText("출금 주소를 등록하세요");
    await wallet.click();
    await expect(page.getByRole("dialog", { name: "지갑 주소 설정" })).toBeVisible();
    await page.keyboard.press("Escape");

    // signed up with WELCOME1: the referrer code is shown, not editable
    const referrer = page.getByTestId("referrer-row");
    await expect(referrer).toContainText("추천인 코드");
    await expect(referrer).toContainText("WELCOME1");
    await expect(page.getByRole("button", { name: /추천인 코드/ })).toHaveCount(0);
  });

  test("a member without a referrer enters one: empty, own and unknown codes refused, a valid one kept", async ({
    page,
  }) => {
    // superadmin is the only seeded account with no referrer (it owns WELCOME1); admin's code ADMIN7QX is valid
    await signIn(page.request, "superadmin");
    await page.goto("/settings");
    await settle(page);
    const row = page.getByRole("button", { name: /추천인 코드/ });
    await expect(row).toContainText("추천인 코드를 등록하세요");
    await expectTouchTarget(row, "추천인 코드");
    await row.click();
    const dialog = page.getByRole("dialog", { name: "추천인 코드 등록" });
    const field = dialog.getByLabel("추천인 코드");
    const submit = dialog.getByRole("button", { name: "등록" });
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText("추천인 코드를 입력해주세요.");
    await field.fill("   ");
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText("추천인 코드를 입력해주세요.");
    await field.fill("WELCOME1");
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText("본인의 추천인 코드는 사용할 수 없습니다.");
    await field.fill("NOSUCHCODE9");
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText("유효하지 않은 추천인 코드입니다.");
    await page.screenshot({ path: `${SHOTS}/referrer-ko.png` });
    await field.fill("ADMIN7QX");
    await submit.click();
    await expect(page.getByRole("status").filter({ hasText: "추천인 코드가 등록되었습니다." })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("referrer-row")).toContainText("ADMIN7QX");
    await expect(page.getByRole("button", { name: /추천인 코드/ })).toHaveCount(0);
  });
});
