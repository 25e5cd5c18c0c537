/**
 * Two-factor authentication in the browser, at 390 × 844 against the production build: a
 * funded member enrols in Settings → 2단계 인증 (the manual key read from the page, the code computed with
 * otpauth), sees the recovery codes once, logs out, logs in with password + code, and the transfer review asks
 * for a code before the request goes out. The same screens in English. axe on each; screenshots in
 * TWO_FACTOR_SHOTS_DIR (default .test-data/screens/two-factor).
 */
import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { Secret, TOTP } from "otpauth";
import { axe, settle } from "./checks";
import { signUpMember, useLocale } from "./members";

const SHOTS = process.env.TWO_FACTOR_SHOTS_DIR ?? ".test-data/screens/two-factor";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Two-Factor-2026";

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
// Each code is accepted once: a test waits up to 30 s for the next one, twice.
test.setTimeout(180_000);

const T = {
  ko: {
    title: "2단계 인증",
    start: "2단계 인증 설정하기",
    currentPassword: "현재 비밀번호",
    passwordRequired: "현재 비밀번호를 입력해주세요.",
    code: "인증 코드",
    confirm: "확인",
    recovery: "복구 코드",
    stored: "안전하게 보관했습니다",
    on: "사용 중",
    userId: "아이디",
    password: "비밀번호",
    login: "로그인",
  },
  en: {
    title: "Two-factor authentication",
    start: "Set up two-factor authentication",
    currentPassword: "Current password",
    passwordRequired: "Enter your current password.",
    code: "Authentication code",
    confirm: "Confirm",
    recovery: "Recovery codes",
    stored: "I have stored them safely",
    on: "On",
    userId: "User ID",
    password: "Password",
    login: "Log in",
  },
} as const;
type Locale = keyof typeof T;

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const totpOf = (key: string) => new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 });

/** A code of a 30-second step later than `after` (a code is accepted once): waits for the next step if needed. */
async function freshCode(key: string, after: number): Promise<{ code: string; step: number }> {
  const totp = totpOf(key);
  for (;;) {
    const step = totp.counter();
    if (step > after) return { code: totp.generate(), step };
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

const member = (page: Page, prefix: string, funded: boolean) =>
  signUpMember(page, { prefix, name: "인증회원", password: PASSWORD, funded });

/**
 * Settings → 2단계 인증 → the current password → set up → code from the manual key → recovery codes → on. Answers the
 * key and the step used.
 */
async function enrolInSettings(page: Page, locale: Locale) {
  const t = T[locale];
  await page.goto("/settings");
  await page.getByRole("link", { name: new RegExp(t.title) }).click();
  await expect(page).toHaveURL(/\/settings\/two-factor$/);
  await expect(page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
  // Enrolling asks for the current password first.
  await page.getByRole("button", { name: t.start }).click();
  await expect(page.getByRole("alert").filter({ hasText: t.passwordRequired })).toBeVisible();
  await page.getByLabel(t.currentPassword, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t.start }).click();
  const keyText = page.getByTestId("two-factor-manual-key");
  await expect(keyText).toBeVisible();
  await expect(page.getByRole("img", { name: locale === "ko" ? "인증 앱에 등록할 QR 코드" : /QR code/ })).toBeVisible();
  await axe(page, `2FA enrolment ${locale}`);
  await shot(page, `settings-enrol-${locale}`);
  const key = (await keyText.textContent()) ?? "";
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  const { code, step } = await freshCode(key, -1);
  await page.getByLabel(t.code).fill(code);
  await page.getByRole("button", { name: t.confirm, exact: true }).click();
  await expect(page.getByRole("heading", { name: t.recovery })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await axe(page, `2FA recovery codes ${locale}`);
  await shot(page, `settings-recovery-${locale}`);
  await page.getByRole("button", { name: t.stored }).click();
  await expect(page.getByTestId("two-factor-state")).toHaveText(t.on);
  await axe(page, `2FA on ${locale}`);
  await shot(page, `settings-on-${locale}`);
  return { key, step };
}

/** Logged out; the login form's password step answers with the code step; a fresh code signs in. */
async function loginWithCode(
  page: Page,
  context: BrowserContext,
  handle: string,
  locale: Locale,
  key: string,
  used: number,
) {
  const t = T[locale];
  await page.request.post("/api/logout");
  await context.clearCookies({ name: "next-auth.session-token" });
  await page.goto("/login");
  await page.getByLabel(t.userId, { exact: true }).fill(handle);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t.login, exact: true }).click();
  const codeField = page.getByLabel(t.code);
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await axe(page, `login code step ${locale}`);
  await shot(page, `login-code-${locale}`);
  const { code, step } = await freshCode(key, used);
  await codeField.fill(code);
  await page.getByRole("button", { name: t.confirm, exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return step;
}

test("ko: enrol in Settings, log in with the code, the transfer review asks for a code", async ({
  page,
  context,
  baseURL,
}) => {
  await useLocale(context, baseURL, "ko");
  const handle = await member(page, "tfa", true);
  const { key, step } = await enrolInSettings(page, "ko");
  const loginStep = await loginWithCode(page, context, handle, "ko", key, step);

  // A transfer: the review step asks for the code; without it nothing is sent.
  await page.goto("/transfer-request");
  await settle(page); // the profile (ID approved, address) decides whether a review is shown
  await page.getByLabel("수량", { exact: true }).fill("6");
  await page.getByRole("button", { name: "신청하기" }).click();
  await expect(page.getByText("받는 수량", { exact: true })).toBeVisible();
  const otp = page.getByLabel("인증 코드");
  await expect(otp).toBeVisible();
  await page.getByRole("button", { name: "전송 신청" }).click();
  await expect(page.getByText("인증 코드 6자리를 입력해주세요.")).toBeVisible();
  await axe(page, "transfer review with code ko");
  await shot(page, "transfer-review-code-ko");
  const { code } = await freshCode(key, loginStep);
  await otp.fill(code);
  await page.getByRole("button", { name: "전송 신청" }).click();
  await expect(page.getByTestId("receipt-amount")).toContainText("6 WLD");
});

test("en: the same screens in English", async ({ page, context, baseURL }) => {
  await useLocale(context, baseURL, "en");
  const handle = await member(page, "tfe", false);
  const { key, step } = await enrolInSettings(page, "en");
  await loginWithCode(page, context, handle, "en", key, step);
});
