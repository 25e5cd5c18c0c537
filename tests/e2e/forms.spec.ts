/**
 * "Forms that help", at 390 px against the production build, in Korean and English:
 * errors said under their field (aria-invalid + the field's description, the spec's texts), never a dialog;
 * the required marks; a server refusal shown at the field it names (a taken user ID); an invite link's sign-up
 * that shows the terms and waits for the agreement, and stores the phone in its one form; a locked login that
 * says when it opens (KST); a new password equal to the current one refused at its field, with no cool-down;
 * logout that asks first. Screenshots of each state at 360 and 390 px (FORMS_SHOTS_DIR, default /tmp/shots/forms).
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { axe, noSidewaysScroll } from "./checks";
import { staffContext } from "./admin";
import { expect, test } from "./fixtures";
import { useLocale } from "./members";

const SHOTS = process.env.FORMS_SHOTS_DIR ?? "/tmp/shots/forms";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Forms-Pass-2026";
let serial = 0;
const handle = (prefix: string) => `${prefix}${Date.now().toString(36)}${serial++}`;

const T = {
  ko: {
    name: "이름",
    userId: "아이디",
    password: "비밀번호",
    passwordConfirm: "비밀번호 확인",
    phone: "전화번호",
    refCode: "추천인 코드",
    signup: "회원가입",
    login: "로그인",
    required: "필수 항목을 모두 입력하세요. 특히 추천인 코드를 입력해야 합니다.",
    requiredField: "필수 입력 항목입니다.",
    invalidUserId: "아이디는 영문 대소문자와 숫자만 사용할 수 있습니다.",
    mismatch: "비밀번호가 일치하지 않습니다.",
    invalidPhone: "전화번호 형식이 올바르지 않습니다. 010-1234-5678처럼 입력해주세요.",
    taken: "이미 사용 중인 아이디입니다.",
    loginRequired: "아이디와 비밀번호를 모두 입력해주세요.",
    loginFailed: "로그인 실패: 아이디 또는 비밀번호가 올바르지 않습니다.",
    locked: /^로그인 실패가 너무 많습니다\. (\d{4}-\d\d-\d\d \d\d:\d\d) KST부터 다시 로그인할 수 있습니다\.$/,
    agree: "이용약관 및 개인정보 처리방침에 동의합니다.",
    agreeFirst: "약관에 동의해야 계속할 수 있습니다.",
    viewTerms: "약관 보기",
    terms: "이용약관 및 개인정보 처리방침",
    termsDate: "2025년 5월 1일",
    close: "닫기",
    success: "회원가입 완료!",
    ok: "확인",
    changePassword: "비밀번호 변경",
    current: "현재 비밀번호",
    newPassword: "새 비밀번호",
    confirmNew: "새 비밀번호 확인",
    change: "변경",
    invalidPassword: "비밀번호를 올바르게 입력해주세요.",
    samePassword: "새 비밀번호가 현재 비밀번호와 같습니다. 다른 비밀번호를 입력해주세요.",
    logout: "로그아웃",
    logoutTitle: "로그아웃할까요?",
    cancel: "취소",
  },
  en: {
    name: "Name",
    userId: "User ID",
    password: "Password",
    passwordConfirm: "Confirm password",
    phone: "Phone",
    refCode: "Referral code",
    signup: "Sign up",
    login: "Log in",
    required: "Fill in every required field. The referral code is required.",
    requiredField: "This field is required.",
    invalidUserId: "The user ID may contain only letters A–Z, a–z and digits.",
    mismatch: "The passwords do not match.",
    invalidPhone: "That is not a valid Korean phone number. Enter it like 010-1234-5678.",
    taken: "This user ID is already taken.",
    loginRequired: "Enter both your user ID and password.",
    loginFailed: "Login failed: Wrong user ID or password.",
    locked: /^Too many failed logins\. You can log in again from (\d{4}-\d\d-\d\d \d\d:\d\d) KST\.$/,
    agree: "I agree to the Terms of Use and the Privacy Notice.",
    agreeFirst: "",
    viewTerms: "",
    terms: "",
    termsDate: "",
    close: "Close",
    success: "Sign-up complete!",
    ok: "OK",
    changePassword: "Change password",
    current: "Current password",
    newPassword: "New password",
    confirmNew: "Confirm new password",
    change: "Change",
    invalidPassword: "Please enter the password correctly.",
    samePassword: "The new password is your current password. Choose a different one.",
    logout: "Log out",
    logoutTitle: "Log out?",
    cancel: "Cancel",
  },
} as const;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The field is marked invalid and its description carries `text`; no dialog said it instead. */
async function expectFieldError(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(literal(text)));
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
}

async function shot(page: Page, name: string) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await noSidewaysScroll(page, `${name} ${width}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function newMember(page: Page): Promise<string> {
  const userId = handle("fm");
  const res = await page.request.post("/api/signup", {
    data: { name: "폼회원", userId, password: PASSWORD, refId: "WELCOME1" },
  });
  expect(res.status()).toBe(201);
  return userId;
}

for (const locale of ["ko", "en"] as const) {
  const t = T[locale];

  test.describe(`forms (${locale})`, () => {
    test.beforeEach(async ({ context, baseURL }) => useLocale(context, baseURL, locale));

    test("sign-up: required marks, every error under its field, a taken user ID at the user ID", async ({ page }) => {
      await page.goto("/signup");
      // the required fields are marked (aria-required, and the mark beside the label); the phone is optional
      for (const label of [t.name, t.userId, t.password, t.passwordConfirm, t.refCode])
        await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("aria-required", "true");
      await expect(page.getByLabel(t.phone, { exact: true })).not.toHaveAttribute("aria-required", "true");
      const refMark = page.getByLabel(t.refCode, { exact: true }).locator("xpath=..").getByText("*", { exact: true });
      await expect(refMark).toBeVisible();

      await page.getByRole("button", { name: t.signup, exact: true }).click();
      await expectFieldError(page, t.name, t.required);
      await expect(page.getByLabel(t.name, { exact: true })).toBeFocused();
      for (const label of [t.userId, t.password, t.passwordConfirm, t.refCode])
        await expectFieldError(page, label, t.requiredField);
      await axe(page, `/signup errors ${locale}`);
      await shot(page, `signup-errors-${locale}`);

      await page.getByLabel(t.name, { exact: true }).fill("폼회원");
      await page.getByLabel(t.userId, { exact: true }).fill("bad-id");
      await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(t.passwordConfirm, { exact: true }).fill(`${PASSWORD}x`);
      await page.getByLabel(t.phone, { exact: true }).fill("010-1234");
      await page.getByLabel(t.refCode, { exact: true }).fill("WELCOME1");
      await page.getByRole("button", { name: t.signup, exact: true }).click();
      await expectFieldError(page, t.userId, t.invalidUserId);
      await expectFieldError(page, t.passwordConfirm, t.mismatch);
      await expectFieldError(page, t.phone, t.invalidPhone);
      // typing clears a field's error
      await page.getByLabel(t.phone, { exact: true }).fill("010-1234-5678");
      await expect(page.getByLabel(t.phone, { exact: true })).not.toHaveAttribute("aria-invalid", "true");

      // the server's refusal lands at the field it names
      await page.getByLabel(t.userId, { exact: true }).fill("demo");
      await page.getByLabel(t.passwordConfirm, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: t.signup, exact: true }).click();
      await expectFieldError(page, t.userId, t.taken);
      await expect(page.getByLabel(t.userId, { exact: true })).toBeFocused();
    });

    test("login: the required fields and a wrong password are said under their fields", async ({ page }) => {
      const userId = await newMember(page);
      await page.goto("/login");
      await page.getByRole("button", { name: t.login, exact: true }).click();
      await expectFieldError(page, t.userId, t.loginRequired);
      await expect(page.getByLabel(t.userId, { exact: true })).toBeFocused();
      await expect(page.getByLabel(t.password, { exact: true })).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel(t.userId, { exact: true }).fill(userId);
      await page.getByLabel(t.password, { exact: true }).fill("wrong password 1");
      await page.getByRole("button", { name: t.login, exact: true }).click();
      await expectFieldError(page, t.password, t.loginFailed);
      await axe(page, `/login failed ${locale}`);
      await shot(page, `login-failed-${locale}`);
    });

    test("settings: a new password equal to the current one is refused at its field, and nothing is frozen", async ({
      page,
    }) => {
      const userId = await newMember(page);
      expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);
      await page.goto("/settings");
      await page.getByRole("button", { name: t.changePassword }).click();
      const dialog = page.getByRole("dialog", { name: t.changePassword });
      await dialog.getByRole("button", { name: t.change, exact: true }).click();
      await expectFieldError(page, t.current, t.invalidPassword);

      await dialog.getByLabel(t.current, { exact: true }).fill(PASSWORD);
      await dialog.getByLabel(t.newPassword, { exact: true }).fill(PASSWORD);
      await dialog.getByLabel(t.confirmNew, { exact: true }).fill(PASSWORD);
      await dialog.getByRole("button", { name: t.change, exact: true }).click();
      await expectFieldError(page, t.newPassword, t.samePassword);
      await expect(dialog.getByLabel(t.newPassword, { exact: true })).toBeFocused();
      await axe(page, `settings password same ${locale}`);
      await shot(page, `settings-password-same-${locale}`);
      const status = await page.request.get(`/api/users/${userId}/withdraw-status`);
      expect(((await status.json()) as { cooldownUntil: string | null }).cooldownUntil).toBeNull();
    });

    test("logout asks first: cancel keeps the session, confirm ends it", async ({ page }) => {
      const userId = await newMember(page);
      expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);
      await page.goto("/world-id");
      await page.getByRole("button", { name: t.logout, exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: t.logoutTitle });
      await expect(dialog).toBeVisible();
      await axe(page, `logout confirm ${locale}`);
      await shot(page, `logout-confirm-${locale}`);
      await dialog.getByRole("button", { name: t.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/world-id$/);
      expect((await page.request.get(`/api/users/by-id/${userId}`)).status()).toBe(200);

      await page.getByRole("button", { name: t.logout, exact: true }).click();
      await page
        .getByRole("alertdialog", { name: t.logoutTitle })
        .getByRole("button", { name: t.logout, exact: true })
        .click();
      await expect(page).toHaveURL(/\/$/);
      expect((await page.request.get(`/api/users/by-id/${userId}`)).status()).toBe(401);
    });
  });
}

test("a locked login says when it opens, in Korea time, in Korean and English", async ({ page, context, baseURL }) => {
  const userId = await newMember(page);
  // five failures lock the account (5 per 15 minutes); the next attempt, even with the right password, is told when
  for (let i = 0; i < 5; i++)
    expect((await page.request.post("/api/login", { data: { userId, password: `wrong-${i}-pass` } })).status()).toBe(
      401,
    );
  for (const locale of ["ko", "en"] as const) {
    const t = T[locale];
    await useLocale(context, baseURL, locale);
    await page.goto("/login");
    await page.getByLabel(t.userId, { exact: true }).fill(userId);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    const before = Date.now();
    await page.getByRole("button", { name: t.login, exact: true }).click();
    const lock = page.getByTestId("login-locked");
    await expect(lock).toHaveText(t.locked);
    const kst = (await lock.textContent())!.match(t.locked)![1]!;
    const opens = new Date(`${kst.replace(" ", "T")}:00+09:00`).getTime();
    expect(opens).toBeGreaterThan(before + 13 * 60_000);
    expect(opens).toBeLessThanOrEqual(before + 16 * 60_000);
    await expect(page).toHaveURL(/\/login$/);
    await axe(page, `/login locked ${locale}`);
    await shot(page, `login-locked-${locale}`);
  }
});

test("an invite link shows the terms and waits for the agreement; the phone is stored in one form", async ({
  page,
  browser,
  baseURL,
}) => {
  const t = T.ko;
  await page.goto("/signup?refCode=WELCOME1");
  await expect(page.getByLabel(t.refCode, { exact: true })).toHaveValue("WELCOME1");
  const agree = page.getByLabel(t.agree);
  await expect(agree).toBeVisible();
  await expect(agree).not.toBeChecked();

  const userId = handle("inv");
  await page.getByLabel(t.name, { exact: true }).fill("초대회원");
  await page.getByLabel(t.userId, { exact: true }).fill(userId);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.passwordConfirm, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.phone, { exact: true }).fill("01023456789");
  await page.getByRole("button", { name: t.signup, exact: true }).click();
  await expect(agree).toHaveAttribute("aria-invalid", "true");
  await expect(agree).toHaveAccessibleDescription(t.agreeFirst);
  await expect(agree).toBeFocused();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  // nothing was sent: the user ID is still free
  expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(401);
  await shot(page, "signup-invite-terms-ko");

  await page.getByRole("button", { name: t.viewTerms }).click();
  const terms = page.getByRole("dialog", { name: t.terms });
  await expect(terms).toContainText(t.termsDate);
  await terms.getByRole("button", { name: t.close }).last().click();
  await expect(terms).toBeHidden();
  await agree.check();
  await page.getByRole("button", { name: t.signup, exact: true }).click();
  const notice = page.getByRole("alertdialog");
  await expect(notice).toContainText(t.success);
  await notice.getByRole("button", { name: t.ok }).click();
  await expect(page).toHaveURL(/\/login$/);

  // stored as 010-2345-6789, and the console finds it by either spelling
  const admin = await staffContext(browser, baseURL, "admin");
  for (const phone of ["01023456789", "010-2345-6789"]) {
    const r = await admin.request.get(`/api/admin/users/paginated?search=${userId}&phone=${encodeURIComponent(phone)}`);
    const body = (await r.json()) as { users: { userId: string; phone: string }[] };
    expect(body.users.map((u) => [u.userId, u.phone])).toEqual([[userId, "010-2345-6789"]]);
  }
  await admin.close();
});
