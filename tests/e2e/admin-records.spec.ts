/**
 * Records a person can read, and only what you may do, against the production build:
 * - the audit log says each action as a sentence in Korean and English with the changed fields "before → after"
 *   in words, and its action filter lists every action in words (proposals included);
 * - an ADMIN is not offered the SUPERADMIN-only member actions, a SUPERADMIN is; 신분증 승인 only while an ID
 *   document waits;
 * - 2단계 인증 초기화 turns a member's two-factor off, 출금 한도 변경 makes a four-eyes proposal, and a sign-up code is
 *   issued and deactivated from /admin/signup-codes — each end to end, with its audit sentence.
 * Screenshots at 1280 and 390 px go to RECORDS_SHOTS_DIR (default /tmp/wld-admin-records).
 */
import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { axe, settle } from "./checks";
import { expect, test } from "./fixtures";
import { adminPage } from "./admin";
import { signUpMember } from "./members";

const SHOTS = process.env.RECORDS_SHOTS_DIR ?? "/tmp/wld-admin-records";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Records-E2E-2026";

test.use({ reducedMotion: "reduce" });

/** A fresh member signed up on `page`'s own request context (so `page.request` is that member). */
async function member(page: Page, prefix: string) {
  return signUpMember(page, { prefix, name: "기록회원", password: PASSWORD, funded: false });
}

async function memberId(api: APIRequestContext, handle: string): Promise<number> {
  const r = await api.get(`/api/admin/users/paginated?search=${handle}`);
  expect(r.status()).toBe(200);
  const u = ((await r.json()) as { users: { id: number; userId: string }[] }).users.find((x) => x.userId === handle);
  expect(u).toBeTruthy();
  return u!.id;
}

async function openDetail(page: Page, handle: string) {
  await page.goto(`/admin/members?search=${handle}`);
  await page.getByRole("button", { name: handle, exact: true }).click();
  const detail = page.getByRole("dialog", { name: handle });
  await expect(detail).toBeVisible();
  return detail;
}

const SUPER_ONLY = ["역할 변경", "추천인 코드 수정", "임시 비밀번호 발급", "2단계 인증 초기화", "출금 한도 변경"];

test("the audit log reads as sentences in Korean and English; the filter lists every action in words", async ({
  page,
  browser,
  baseURL,
}) => {
  const handle = await member(page, "rec");
  const admin = await adminPage(browser, baseURL!, "admin");
  const id = await memberId(admin.request, handle);
  const r = await admin.request.patch(`/api/admin/users/${id}/phone`, {
    data: { phone: "010-2345-6789" },
    headers: { "x-audit-memo": encodeURIComponent("e2e 전화번호 정정") },
  });
  expect(r.status(), await r.text()).toBe(200);

  await admin.goto(`/admin/audit?action=PHONE_CHANGE&target=${handle}`);
  await expect(admin.getByRole("heading", { name: "감사 로그", level: 1 })).toBeVisible();
  const row = admin.locator("tbody tr").filter({ hasText: "e2e 전화번호 정정" });
  await expect(row.getByTestId("audit-sentence")).toHaveText(`관리자 admin이 회원 ${handle}의 전화번호를 바꿨습니다.`);
  await expect(row.getByTestId("audit-change")).toHaveText(/^전화번호: 없음 → 010-?2345-?6789$/);
  // No raw code or JSON anywhere in the row.
  await expect(row).not.toContainText("PHONE_CHANGE");
  await expect(row).not.toContainText("{");
  // The filter: every action in words, the four-eyes ones included; the chosen one is named, not coded.
  const filter = admin.getByLabel("작업", { exact: true });
  await expect(filter.locator("option:checked")).toHaveText("전화번호 변경");
  const options = await filter.locator("option").allTextContents();
  for (const words of [
    "2인 승인 요청",
    "2인 승인",
    "2인 승인 반려",
    "2인 승인 만료",
    "2인 승인 취소",
    "신분증 승인",
    "코인 지급",
  ])
    expect(options).toContain(words);
  expect(options.length).toBeGreaterThanOrEqual(73);
  expect(options.some((o) => /^[A-Z_]+$|\./.test(o))).toBe(false);
  await settle(admin);
  await axe(admin, "/admin/audit ko");
  await admin.screenshot({ path: `${SHOTS}/audit-ko-1280.png`, fullPage: true });

  const en = await adminPage(browser, baseURL!, "admin", "en");
  await en.goto(`/admin/audit?action=PHONE_CHANGE&target=${handle}`);
  const enRow = en.locator("tbody tr").filter({ hasText: "e2e 전화번호 정정" });
  await expect(enRow.getByTestId("audit-sentence")).toHaveText(
    `Administrator admin changed the phone number of member ${handle}.`,
  );
  await expect(enRow.getByTestId("audit-change")).toHaveText(/^Phone: none → 010-?2345-?6789$/);
  await expect(en.getByLabel("Action", { exact: true }).locator("option:checked")).toHaveText("Phone number change");
  await en.setViewportSize({ width: 390, height: 844 });
  await settle(en);
  await axe(en, "/admin/audit en 390");
  await en.screenshot({ path: `${SHOTS}/audit-en-390.png`, fullPage: true });

  // The CSV in the screen's language: English headers and the sentence.
  const [download] = await Promise.all([
    en.waitForEvent("download"),
    en.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const text = fs.readFileSync((await download.path()) as string, "utf8");
  expect(text.startsWith("\uFEFFID,Time (KST),Action,Description,Changes,")).toBe(true);
  expect(text).toContain(`Administrator admin changed the phone number of member ${handle}.`);
  await admin.context().close();
  await en.context().close();
});

test("an ADMIN is offered no SUPERADMIN-only action, a SUPERADMIN is; 신분증 승인 only while a document waits", async ({
  page,
  browser,
  baseURL,
}) => {
  const handle = await member(page, "perm");
  const admin = await adminPage(browser, baseURL!, "admin");
  let detail = await openDetail(admin, handle);
  await expect(detail.getByRole("button", { name: "코인 지급", exact: true })).toBeVisible();
  for (const name of SUPER_ONLY) await expect(detail.getByRole("button", { name, exact: true })).toHaveCount(0);
  // No ID document yet: nothing to approve or reject.
  await expect(detail.getByRole("button", { name: "신분증 승인", exact: true })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "신분증 반려", exact: true })).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/detail-admin-ko-1280.png` });

  const sup = await adminPage(browser, baseURL!, "superadmin");
  detail = await openDetail(sup, handle);
  for (const name of SUPER_ONLY) await expect(detail.getByRole("button", { name, exact: true })).toBeVisible();
  await expect(detail.getByRole("button", { name: "신분증 승인", exact: true })).toHaveCount(0);
  await sup.screenshot({ path: `${SHOTS}/detail-super-ko-1280.png` });

  // A document waits: 신분증 승인 and 반려 are offered.
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#334155" } })
    .png()
    .toBuffer();
  const up = await page.request.post("/api/upload-id", {
    multipart: { idImage: { name: "id.png", mimeType: "image/png", buffer: png } },
  });
  expect(up.status(), await up.text()).toBe(201);
  detail = await openDetail(admin, handle);
  await expect(detail.getByRole("button", { name: "신분증 승인", exact: true })).toBeVisible();
  await expect(detail.getByRole("button", { name: "신분증 반려", exact: true })).toBeVisible();

  // Their own account: the SUPERADMIN is offered no change to it (the server refuses self-actions).
  detail = await openDetail(sup, "superadmin");
  await expect(detail.getByRole("button", { name: "코인 지급", exact: true })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "2단계 인증 초기화", exact: true })).toHaveCount(0);
  await admin.context().close();
  await sup.context().close();
});

test("2단계 인증 초기화 and 출금 한도 변경 work from the member detail, each in the audit log", async ({
  page,
  browser,
  baseURL,
}) => {
  const handle = await member(page, "tfa");
  // The member turns two-factor on through the API.
  const enrol = await page.request.post("/api/two-factor/enrol", { data: { currentPassword: PASSWORD } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const key = ((await enrol.json()) as { manualKey: string }).manualKey.replace(/\s/g, "");
  const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate();
  expect((await page.request.post("/api/two-factor/confirm", { data: { code } })).status()).toBe(200);
  expect(((await (await page.request.get("/api/two-factor")).json()) as { enabled: boolean }).enabled).toBe(true);

  const sup = await adminPage(browser, baseURL!, "superadmin");
  let detail = await openDetail(sup, handle);
  await detail.getByRole("button", { name: "2단계 인증 초기화", exact: true }).click();
  let d = sup.getByRole("dialog", { name: "2단계 인증 초기화" });
  await expect(d).toContainText(`${handle} 회원의 2단계 인증을 끕니다.`);
  await d.getByLabel("메모").fill("e2e 휴대폰 분실");
  await d.getByRole("button", { name: "확인", exact: true }).click();
  await expect(d).toBeHidden();
  await expect(sup.getByRole("status").filter({ hasText: "2단계 인증을 초기화했습니다." })).toBeVisible();
  expect(((await (await page.request.get("/api/two-factor")).json()) as { enabled: boolean }).enabled).toBe(false);

  // 출금 한도 변경: a whole KRW amount and the memo (its reason) → a proposal another SUPERADMIN approves.
  detail = await openDetail(sup, handle);
  await detail.getByRole("button", { name: "출금 한도 변경", exact: true }).click();
  d = sup.getByRole("dialog", { name: "출금 한도 변경" });
  await d.getByLabel("하루 출금 한도(원)").fill("1,000,000");
  await d.getByRole("button", { name: "확인", exact: true }).click();
  await expect(d.getByRole("alert")).toBeVisible(); // no memo: the reason is required
  await d.getByLabel("메모").fill("e2e 한도 상향 요청");
  await sup.screenshot({ path: `${SHOTS}/withdraw-limit-ko-1280.png` });
  await d.getByRole("button", { name: "확인", exact: true }).click();
  await expect(d).toBeHidden();
  await expect(sup.getByRole("status").filter({ hasText: "승인 요청을 올렸습니다." })).toBeVisible();
  const pending = (await (await sup.request.get("/api/admin/proposals?status=PENDING&limit=100")).json()) as {
    items: { kind: string; target: { userId: string } | null; payload: { limitKrw?: string | null } }[];
  };
  const proposal = pending.items.find((p) => p.kind === "withdraw_limit" && p.target?.userId === handle);
  expect(proposal?.payload.limitKrw).toBe("1000000");

  // Both in the audit log, in words.
  await sup.goto(`/admin/audit?target=${handle}`);
  await expect(
    sup
      .getByTestId("audit-sentence")
      .filter({ hasText: `최고 관리자 superadmin이 회원 ${handle}의 2단계 인증을 초기화했습니다.` }),
  ).toBeVisible();
  await expect(
    sup
      .getByTestId("audit-sentence")
      .filter({ hasText: /^최고 관리자 superadmin이 2인 승인 요청\(#\d+\)을 올렸습니다: 회원 출금 한도 변경\.$/ }),
  ).toBeVisible();
  await sup.context().close();
});

test("an administrator issues and deactivates a sign-up code in /admin/signup-codes", async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!, "admin");
  const code = `REC${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  await admin.goto("/admin/signup-codes");
  await admin.getByRole("button", { name: "가입 코드 발급" }).click();
  const d = admin.getByRole("dialog", { name: "가입 코드 발급" });
  await d.getByLabel("코드 (선택)").fill(code);
  await d.getByLabel("설명 (선택)").fill("e2e 행사");
  await d.getByLabel("최대 사용 횟수 (선택)").fill("0");
  await d.getByRole("button", { name: "확인", exact: true }).click();
  await expect(d.getByRole("alert")).toHaveText("최대 사용 횟수는 1 이상의 정수로 입력하세요.");
  await d.getByLabel("최대 사용 횟수 (선택)").fill("5");
  await d.getByRole("button", { name: "확인", exact: true }).click();
  await expect(d).toBeHidden();
  await expect(admin.getByRole("status").filter({ hasText: `가입 코드를 발급했습니다: ${code}` })).toBeVisible();

  await admin.goto(`/admin/signup-codes?search=${code}`);
  const row = admin.getByTestId(`code-${code}`);
  await expect(row).toContainText("관리자 발급 코드");
  await expect(row).toContainText("사용 중");
  await admin.screenshot({ path: `${SHOTS}/signup-codes-ko-1280.png` });
  await row.getByRole("button", { name: `${code} 코드 비활성화` }).click();
  const off = admin.getByRole("dialog", { name: "가입 코드 비활성화" });
  await expect(off).toContainText(`가입 코드 ${code}`);
  await off.getByRole("button", { name: "확인", exact: true }).click();
  await expect(off).toBeHidden();
  await expect(admin.getByRole("status").filter({ hasText: `가입 코드를 비활성화했습니다: ${code}` })).toBeVisible();
  await expect(row).toContainText("사용 중지");
  await expect(row.getByRole("button", { name: `${code} 코드 비활성화` })).toHaveCount(0);

  // Nobody signs up with it any more.
  const ctx = await browser.newContext({ baseURL });
  const signup = await ctx.request.post("/api/signup", {
    data: { name: "가입시도", userId: `rc${Date.now().toString(36)}`, password: PASSWORD, refId: code },
  });
  expect(signup.status()).not.toBe(201);
  await ctx.close();

  // Both in the audit log, in words.
  await admin.goto("/admin/audit?actor=admin&action=SIGNUP_CODE_DEACTIVATE");
  await expect(admin.getByTestId("audit-sentence").first()).toHaveText("관리자 admin이 가입 코드를 비활성화했습니다.");
  await expect(admin.getByTestId("audit-change").first()).toHaveText(`코드: ${code} → 없음`);
  await admin.context().close();
});
