import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The in-app notice (an alertdialog, never the browser's alert()): checks its exact text, then dismisses it
 * with 확인. Fails the test if a native dialog opens at all.
 */
async function expectNotice(page: Page, text: string) {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("notice-message")).toHaveText(text);
  await dialog.getByRole("button", { name: /^(확인|OK)$/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A form's error is said under its field (aria-invalid, and the text in the field's description), never
 * in a dialog.
 */
async function expectFieldError(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
}

function noNativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", async (d) => {
    seen.push(d.message());
    await d.dismiss();
  });
  return seen;
}

test("welcome → sign-up with WELCOME1 → login → /home", async ({ page }) => {
  const native = noNativeDialogs(page);
  await page.goto("/");
  const signup = page.getByRole("button", { name: "회원가입" });
  const login = page.getByRole("button", { name: "로그인" });
  await expect(signup).toBeDisabled();
  await expect(login).toBeDisabled();

  await page.getByRole("button", { name: "약관 보기" }).click();
  const dialog = page.getByRole("dialog", { name: "이용약관 및 개인정보 처리방침" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("2025년 5월 1일");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByLabel("이용약관 및 개인정보 처리방침에 동의합니다.").check();
  await expect(signup).toBeEnabled();
  await signup.click();
  await expect(page).toHaveURL(/\/signup$/);

  // Client-side rules answer with the spec's texts under their fields before anything is sent.
  await page.getByRole("button", { name: "회원가입" }).click();
  await expectFieldError(page, "이름", "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.");

  const userId = `e2e${Date.now().toString(36)}`;
  await page.getByLabel("이름", { exact: true }).fill("테스트회원");
  await page.getByLabel("아이디", { exact: true }).fill("bad-id");
  await page.getByLabel("비밀번호", { exact: true }).fill("e2e password 1");
  await page.getByLabel("비밀번호 확인", { exact: true }).fill("e2e password 1");
  await page.getByLabel("추천인 코드", { exact: true }).fill("NOSUCH99");
  await page.getByRole("button", { name: "회원가입" }).click();
  await expectFieldError(page, "아이디", "아이디는 영문 대소문자와 숫자만 사용할 수 있습니다.");

  await page.getByLabel("아이디", { exact: true }).fill(userId);
  await page.getByLabel("비밀번호 확인", { exact: true }).fill("different 123");
  await page.getByRole("button", { name: "회원가입" }).click();
  await expectFieldError(page, "비밀번호 확인", "비밀번호가 일치하지 않습니다.");

  await page.getByLabel("비밀번호 확인", { exact: true }).fill("e2e password 1");
  await page.getByRole("button", { name: "회원가입" }).click();
  await expectFieldError(page, "추천인 코드", "유효하지 않은 추천인 코드입니다.");

  await page.getByLabel("전화번호", { exact: true }).fill("010-0000-1111");
  await page.getByLabel("추천인 코드", { exact: true }).fill("WELCOME1");
  await page.getByRole("button", { name: "회원가입" }).click();
  await expectNotice(page, "회원가입 완료!");
  await expect(page).toHaveURL(/\/login$/);

  // Login: required fields, wrong password, then the real one.
  await page.getByRole("button", { name: "로그인" }).click();
  await expectFieldError(page, "아이디", "아이디와 비밀번호를 모두 입력해주세요.");
  await page.getByLabel("아이디").fill(userId);
  await page.getByLabel("비밀번호").fill("wrong password");
  await page.getByRole("button", { name: "로그인" }).click();
  await expectFieldError(page, "비밀번호", "로그인 실패: 아이디 또는 비밀번호가 올바르지 않습니다.");
  await page.getByLabel("비밀번호").fill("e2e password 1");
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => [localStorage.getItem("userId"), localStorage.getItem("role")])).toEqual([
    userId,
    "USER",
  ]);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "next-auth.session-token");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  // A member is sent away from /admin with the administrators-only message.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?denied=admin$/);
  // Said once: the banner, no dialog on top of it.
  await expect(page.getByText("관리자만 접근할 수 있습니다.")).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: "관리자만 접근할 수 있습니다." })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(native).toEqual([]);
});

test("?refCode= prefills the referral code", async ({ page }) => {
  await page.goto("/signup?refCode=WELCOME1");
  await expect(page.getByLabel("추천인 코드")).toHaveValue("WELCOME1");
  for (const label of ["이름", "아이디", "비밀번호", "비밀번호 확인", "전화번호", "추천인 코드"])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
});

test("guests are sent to /login from member pages; admins land on /admin and can log out", async ({ page }) => {
  for (const path of [
    "/home",
    "/wallet",
    "/world-id",
    "/settings",
    "/wallet-history",
    "/transfer-request",
    "/verify",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
  }
  await page.goto("/admin");
  await expect(page).toHaveURL("/login?denied=admin&next=%2Fadmin");

  const native = noNativeDialogs(page);
  await page.getByLabel("아이디").fill("admin");
  await page.getByLabel("비밀번호").fill("Admin1234!");
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "관리자 대시보드" })).toBeVisible();
  // Logout asks first.
  await page.getByRole("button", { name: "로그아웃" }).click();
  await page.getByRole("alertdialog", { name: "로그아웃할까요?" }).getByRole("button", { name: "로그아웃" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL("/login?denied=admin&next=%2Fadmin");
  await expect(page.getByRole("alert").filter({ hasText: "관리자만 접근할 수 있습니다." })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByLabel("아이디")).toBeEditable();
  expect(native).toEqual([]);
});

test("the flag buttons switch the language through NEXT_LOCALE and reload", async ({ page, context }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "로그인" })).toBeVisible();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  const en = (await context.cookies()).find((c) => c.name === "NEXT_LOCALE");
  expect(en?.value).toBe("en");
  const days = ((en?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29);
  expect(days).toBeLessThanOrEqual(30.01);
  await expect(page.getByLabel("User ID")).toBeVisible();

  await page.getByRole("button", { name: "한국어" }).click();
  await expect(page.getByRole("heading", { name: "로그인" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "NEXT_LOCALE")).toBeUndefined();
});

test("D24 pages carry a nonce or hash CSP and security headers; API answers are no-store and nosniff", async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // /login is prerendered (app/lang/[locale]/layout.tsx): no nonce can reach its file, so its policy lists the hash of
  // every inline script it holds, and nothing else inline.
  const res = await page.goto("/login");
  const csp = res?.headers()["content-security-policy"] ?? "";
  const script = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
  expect(script).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/);
  for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
  const inline = await page.evaluate(() =>
    Array.from(document.querySelectorAll("script:not([src])"), (s) => s.textContent ?? "").filter(Boolean),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const text of inline) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    expect(script).toContain(`'sha256-${Buffer.from(digest).toString("base64")}'`);
  }
  // A shared cache keeps no copy: the same address answers in the visitor's language.
  expect(res?.headers()["cache-control"]).toBe("private, no-cache");
  expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // the page works under its own policy: no CSP violations while it hydrates and switches language
  await page.getByLabel("아이디").fill("x");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByLabel("User ID").fill("x");
  await page.getByRole("button", { name: "한국어" }).click();
  await expect(page.getByRole("heading", { name: "로그인" })).toBeVisible();

  // A page rendered per request gets a fresh nonce, and works under it too.
  const notFound = await page.goto("/no-such-page");
  expect(notFound?.status()).toBe(404);
  const again = await request.get("/no-such-page");
  const nonceOf = (policy: string) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
  const first = nonceOf(notFound?.headers()["content-security-policy"] ?? "");
  expect(first).toBeTruthy();
  expect(nonceOf(again.headers()["content-security-policy"] ?? "")).not.toBe(first);
  expect(notFound?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByRole("link", { name: "홈으로" })).toBeVisible();
  expect(violations).toEqual([]);

  const api = await request.get("/api/health");
  expect(api.headers()["cache-control"]).toBe("no-store");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  // API routes are never redirected: a guest gets JSON 401
  const guest = await request.get("/api/admin/users/paginated", { maxRedirects: 0 });
  expect(guest.status()).toBe(401);
});

test("B12 a forged X-Forwarded-For does not reset the account's failed-login count", async ({ request }) => {
  const userId = `ghost${Date.now().toString(36)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.post("/api/login", {
      data: { userId, password: `wrong-${i}-password` },
      headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
    });
    statuses.push(res.status());
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses[5]).toBe(429);
});

test("a page's language is the cookie's at the same address; the pages' own /lang paths are no addresses; an unknown address gets a server-rendered 404 in the visitor's language", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/lang/en/login", "/login"],
    ["/lang/ko", "/"],
    ["/lang/en/signup?refCode=WELCOME1", "/signup?refCode=WELCOME1"],
  ]) {
    const res = await request.get(from!, { maxRedirects: 0 });
    expect(res.status(), from).toBe(308);
    expect(res.headers().location, from).toBe(to);
  }
  const en = await request.get("/login", { headers: { cookie: "NEXT_LOCALE=en" } });
  expect(await en.text()).toContain('<html lang="en"');
  const ko = await request.get("/login", { headers: { cookie: "NEXT_LOCALE=fr" } });
  expect(await ko.text()).toContain('<html lang="ko"');
  // The 404 is in the HTML itself (app/global-not-found.tsx), not drawn by the browser afterwards.
  for (const [address, cookie, lang, title] of [
    ["/nope", "", "ko", "페이지를 찾을 수 없어요"],
    ["/ko/login", "NEXT_LOCALE=en", "en", "Page not found"],
    ["/a/b/c", "NEXT_LOCALE=en", "en", "Page not found"],
  ]) {
    const res = await request.get(address!, { headers: cookie ? { cookie } : {} });
    expect(res.status(), address).toBe(404);
    const html = await res.text();
    expect(html, address).toContain(`<html lang="${lang}"`);
    expect(html.replace(/<script[\s\S]*?<\/script>/g, ""), address).toContain(`>${title}</h1>`);
  }
});
