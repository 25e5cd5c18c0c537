/**
 * A new member's first minutes at 390 × 844: the way back after a session ends
 * (`?next=`, by page and by API call), errors under their fields on login and sign-up, the administrators-only
 * message said once, the first steps on /home and /verify, a rejected ID with its reason and a resubmit
 * button, the illustrated World ID guide, Home's refresh button, touch targets, axe in Korean and English,
 * and a screenshot of every screen in both languages (ONBOARD_SHOTS_DIR, default /tmp/shots/onboard).
 */
import fs from "node:fs";
import { type APIRequestContext, type BrowserContext, type Page, request as playwrightRequest } from "@playwright/test";
import { staffRequest } from "./admin";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { axe, expectTouchTarget, settle } from "./checks";

const SHOTS = process.env.ONBOARD_SHOTS_DIR ?? "/tmp/shots/onboard";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Onboard-Pass-2026";

test.use({ viewport: { width: 390, height: 844 } });

let serial = 0;
/** A fresh member signed up through the API (referral WELCOME1); returns the handle. */
async function newMember(request: APIRequestContext, prefix = "ob"): Promise<string> {
  const userId = `${prefix}${Date.now().toString(36)}${serial++}`;
  const res = await request.post("/api/signup", {
    data: { name: "새회원", userId, password: PASSWORD, refId: "WELCOME1" },
  });
  expect(res.status()).toBe(201);
  return userId;
}

async function loginThroughForm(page: Page, userId: string, password = PASSWORD) {
  await page.getByLabel("아이디", { exact: true }).fill(userId);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
}

/** Ends the session behind this context's cookie from elsewhere (another client holding the same cookie). */
async function endSessionElsewhere(context: BrowserContext, baseURL: string | undefined) {
  const other = await playwrightRequest.newContext({ baseURL, storageState: await context.storageState() });
  expect((await other.post("/api/logout")).ok()).toBe(true);
  await other.dispose();
}

test.describe("?next= brings a member back", () => {
  test("a guest opening /wallet logs in and lands on /wallet; an unsafe next goes /home", async ({ page }) => {
    const userId = await newMember(page.request);
    await page.context().clearCookies();

    await page.goto("/wallet-history?page=1");
    await expect(page).toHaveURL("/login?next=%2Fwallet-history%3Fpage%3D1");
    await page.goto("/wallet");
    await expect(page).toHaveURL("/login?next=%2Fwallet");
    await expect(page.getByText("로그인하면 보던 화면으로 돌아갑니다.")).toBeVisible();
    await loginThroughForm(page, userId);
    await expect(page).toHaveURL("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "지갑" })).toBeVisible();

    // Another origin, a scheme-relative path or the login page itself is never followed.
    for (const next of ["https://evil.example/home", "//evil.example/home", "/\\evil.example", "/login"]) {
      // Leave the member page first: with its cookie gone, its next API call would go to /login by itself.
      await page.goto("about:blank");
      await page.context().clearCookies();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await loginThroughForm(page, userId);
      await expect(page).toHaveURL("/home");
    }
  });

  test("a session ended mid-page: the next API call and the next page both go to /login?next= and back", async ({
    page,
    baseURL,
  }) => {
    const userId = await newMember(page.request);
    await page.goto("/login");
    await loginThroughForm(page, userId);
    await expect(page).toHaveURL("/home");
    await settle(page);

    // Logged out elsewhere; this page still holds the (now dead) cookie. Refreshing calls the API → 401.
    await endSessionElsewhere(page.context(), baseURL);
    await page.getByRole("button", { name: "새로고침" }).click();
    await expect(page).toHaveURL("/login?next=%2Fhome");
    await loginThroughForm(page, userId);
    await expect(page).toHaveURL("/home");

    // The same by page: the member layout sees the ended session and keeps the way back.
    await endSessionElsewhere(page.context(), baseURL);
    await page.goto("/wallet-history?page=1");
    await expect(page).toHaveURL("/login?next=%2Fwallet-history%3Fpage%3D1");
    await loginThroughForm(page, userId);
    await expect(page).toHaveURL("/wallet-history?page=1");
  });
});

test.describe("login and sign-up say each error under its field (issue 29), never in a dialog", () => {
  test("a failed login and a refused sign-up show the spec's exact texts; never a native alert", async ({ page }) => {
    const native: string[] = [];
    page.on("dialog", async (d) => {
      native.push(d.message());
      await d.dismiss();
    });
    await page.goto("/login");
    await loginThroughForm(page, `nobody${Date.now().toString(36)}`, "wrong password 1");
    const password = page.getByLabel("비밀번호", { exact: true });
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription("로그인 실패: 아이디 또는 비밀번호가 올바르지 않습니다.");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/login-failed-ko.png` });
    await axe(page, "/login field error");

    await page.goto("/signup");
    await page.getByLabel("이름", { exact: true }).fill("새회원");
    await page.getByLabel("아이디", { exact: true }).fill(`x${Date.now().toString(36)}`);
    await page.getByLabel("비밀번호", { exact: true }).fill(PASSWORD);
    await page.getByLabel("비밀번호 확인", { exact: true }).fill(PASSWORD);
    await page.getByLabel("추천인 코드", { exact: true }).fill("NOSUCH99");
    await page.getByRole("button", { name: "회원가입" }).click();
    const refCode = page.getByLabel("추천인 코드", { exact: true });
    await expect(refCode).toHaveAttribute("aria-invalid", "true");
    await expect(refCode).toHaveAccessibleDescription(/유효하지 않은 추천인 코드입니다\.$/);
    await expect(refCode).toBeFocused();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/signup-refused-ko.png` });
    expect(native).toEqual([]);
  });

  test("an administrators-only refusal is said once", async ({ page }) => {
    const userId = await newMember(page.request);
    expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);
    await page.goto("/admin");
    await expect(page).toHaveURL("/login?denied=admin");
    await expect(page.getByText("관리자만 접근할 수 있습니다.")).toHaveCount(1);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });
});

test.describe("a new member's first steps", () => {
  test("/home shows the first step instead of zeros; /verify explains it and waits for a file", async ({ page }) => {
    const userId = await newMember(page.request);
    expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);

    await page.goto("/home");
    const first = page.getByTestId("home-first-step");
    await expect(first.getByRole("heading", { name: "신분증 인증하고 1,000 WLD 받기" })).toBeVisible();
    await expect(page.getByTestId("world-id-count")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("0개");
    // One ID prompt: the first-step card, not the banner as well.
    await expect(page.getByRole("button", { name: /World ID 인증하기/ })).toHaveCount(0);
    await expect(first.getByRole("link", { name: "신분증 인증 시작하기" })).toHaveAttribute("href", "/verify");
    await expect(page.getByRole("main")).not.toContainText("WorldID");

    // 새로고침 refetches the screen's queries.
    const refresh = page.getByRole("button", { name: "새로고침" });
    await expectTouchTarget(refresh, "새로고침");
    await expectTouchTarget(page.getByRole("link", { name: "설정" }), "설정");
    const refetched = page.waitForResponse((r) => r.url().includes(`/api/users/by-id/${userId}/coins`));
    await refresh.click();
    expect((await refetched).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "최신 정보로 바꿨습니다." })).toBeVisible();

    await first.getByRole("link", { name: "신분증 인증 시작하기" }).click();
    await expect(page).toHaveURL("/verify");
    await expect(page.getByTestId("first-step").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("button", { name: "신분증 등록" })).toBeDisabled();
    await expectTouchTarget(page.getByRole("link", { name: "뒤로 가기" }), "뒤로 가기");
  });

  test("a rejected ID shows the reason and a resubmit button; 다시 등록 waits for a file", async ({
    page,
    baseURL,
  }) => {
    const userId = await newMember(page.request);
    expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#94a3b8" } })
      .png()
      .toBuffer();
    const upload = await page.request.post("/api/upload-id", {
      multipart: { idImage: { name: "id.png", mimeType: "image/png", buffer: png } },
    });
    expect(upload.status()).toBe(201);
    const memberId = (await (await page.request.get(`/api/users/by-id/${userId}`)).json()).id as number;

    const admin = await staffRequest(baseURL, "admin");
    const reason = "사진이 흐려 글자를 읽을 수 없습니다";
    expect((await admin.patch(`/api/admin/users/${memberId}/reject-id`, { data: { reason } })).status()).toBe(200);
    await admin.dispose();

    await page.goto("/verify");
    const box = page.getByTestId("reject-reason");
    await expect(box).toContainText(`반려 사유: ${reason}`);
    const again = page.getByRole("button", { name: "다시 등록" });
    await expect(again).toBeDisabled();

    // The resubmit button opens the file chooser; a chosen image enables 다시 등록.
    const chooser = page.waitForEvent("filechooser");
    await box.getByRole("button", { name: "새 이미지로 다시 제출" }).click();
    await (await chooser).setFiles({ name: "id-2.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("chosen-file")).toContainText("id-2.png");
    await expect(again).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/verify-rejected-ko.png`, fullPage: true });
    await again.click();
    await page.getByRole("dialog", { name: "신분증 등록" }).getByRole("button", { name: "등록" }).click();
    await expect(page.getByTestId("verify-status").getByText("승인 대기 중")).toBeVisible();
    await expect(box).toHaveCount(0);
  });

  test("/world-id has the illustrated 3-step guide, named World ID", async ({ page }) => {
    const userId = await newMember(page.request);
    expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);
    await page.goto("/world-id");
    await expect(page.getByRole("heading", { level: 1, name: "World ID" })).toBeVisible();
    for (const n of [1, 2, 3]) await expect(page.getByTestId(`guide-step-${n}`).locator("svg")).toHaveCount(1);
    await expect(page.getByTestId("guide-step-1")).toContainText("신분증 등록");
    const next = page.getByRole("button", { name: "다음 단계" });
    await expectTouchTarget(next, "다음 단계");
    await expectTouchTarget(page.getByRole("button", { name: "로그아웃" }), "로그아웃");
    await next.click();
    await expect(page.getByTestId("guide-step-2")).not.toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("main")).not.toContainText("WorldID");
  });
});

test.describe("screens in Korean and English: axe and screenshots", () => {
  for (const locale of ["ko", "en"] as const) {
    test(`guest and new-member screens in ${locale}`, async ({ page, context, baseURL }) => {
      if (locale === "en") {
        await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL ?? "http://127.0.0.1" }]);
      }
      await page.goto("/");
      // The logo is drawn (SVG), not an emoji that renders as a box without an emoji font.
      await expect(page.getByRole("main").locator("svg").first()).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText("🌐");
      for (const path of ["/", "/login", "/signup"]) {
        await page.goto(path);
        await axe(page, `${path} (${locale})`);
        const name = path === "/" ? "welcome" : path.slice(1);
        await page.screenshot({ path: `${SHOTS}/${name}-${locale}.png`, fullPage: true });
      }

      const userId = await newMember(page.request);
      expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);
      for (const path of ["/home", "/verify", "/world-id"]) {
        await page.goto(path);
        await axe(page, `${path} (${locale})`);
        await page.screenshot({ path: `${SHOTS}/${path.slice(1)}-${locale}.png`, fullPage: true });
      }
      if (locale === "en") {
        await page.goto("/home");
        await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Verify your ID and get 1,000 WLD" })).toBeVisible();
      }
    });
  }

  test("the demo member's home in ko and en: amounts with 2 decimals", async ({ page, context, baseURL }) => {
    expect((await page.request.post("/api/login", { data: { userId: "demo", password: "Demo1234!" } })).status()).toBe(
      200,
    );
    for (const locale of ["ko", "en"] as const) {
      if (locale === "en")
        await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL ?? "http://127.0.0.1" }]);
      await page.goto("/home");
      await expect(page.getByTestId("home-total-wld")).toHaveText(/^[\d,]+(\.\d{1,2})? WLD$/);
      await axe(page, `/home demo (${locale})`);
      await page.screenshot({ path: `${SHOTS}/home-demo-${locale}.png`, fullPage: true });
    }
  });
});
