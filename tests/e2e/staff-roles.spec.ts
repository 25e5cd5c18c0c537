/**
 * Staff roles in the browser, against the production build: a SUPERADMIN proposes 고객지원
 * (SUPPORT) for a member from the member screen's 역할 변경 control; a second SUPERADMIN (`superadmin2`, seeded with
 * DEMO_SECOND_SUPERADMIN=1 on the browser tests' server) approves it in /admin/approvals; the member signs in at
 * /login, lands in the console and sees only the screens of the role — no request queue, audit log or approvals,
 * no balance-changing action on a member, no CSV export — in Korean and English; axe at 390 and 1280 px.
 * Screenshots in .test-data/screens/staff-roles/.
 */
import fs from "node:fs";
import { type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe, noSidewaysScroll, settle } from "./checks";
import { adminPage } from "./admin";

const SHOTS = ".test-data/screens/staff-roles";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ reducedMotion: "reduce" });

/** axe and a screenshot at 1280 and 390 px (no sideways scroll on the phone). */
async function check(page: Page, name: string) {
  for (const [label, size] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    await axe(page, `${name} ${label}`);
    if (label === "phone") await noSidewaysScroll(page, `${name} ${label}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
}

const NOT_FOR_SUPPORT = [
  "입출금 요청",
  "은행 거래내역",
  "감사 로그",
  "승인 대기",
  "정산 대사",
  "트래블룰",
  "점검 관리",
];

test("a SUPERADMIN proposes 고객지원, a second SUPERADMIN approves, the SUPPORT member sees only their screens", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const handle = `sr${Date.now().toString(36)}`;
  const password = "Staff-Role-2026";
  const member = await playwrightRequest.newContext({ baseURL });
  const signup = await member.post("/api/signup", {
    data: { name: "상담직원", userId: handle, password, refId: "WELCOME1" },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await member.dispose();

  // The SUPERADMIN offers every role in 역할 변경 and proposes 고객지원 with a reason (the memo).
  const sa = await adminPage(browser, baseURL!, "superadmin");
  await sa.goto(`/admin/members?search=${handle}`);
  await sa.getByRole("button", { name: handle, exact: true }).click();
  await sa.getByRole("dialog", { name: handle }).getByRole("button", { name: "역할 변경", exact: true }).click();
  const roleDialog = sa.getByRole("dialog", { name: "역할 변경" });
  for (const name of ["회원", "고객지원", "재무", "준법감시", "관리자", "최고 관리자"])
    await expect(roleDialog.getByRole("radio", { name, exact: true })).toBeVisible();
  await roleDialog.getByRole("radio", { name: "고객지원", exact: true }).check();
  await roleDialog.getByLabel("메모").fill("1:1 문의 담당 배치");
  await axe(sa, "role dialog");
  await roleDialog.getByRole("button", { name: "확인", exact: true }).click();
  await expect(roleDialog).toBeHidden();
  await expect(
    sa.getByRole("status").filter({ hasText: "승인 요청을 올렸습니다. 다른 관리자가 승인하면 반영됩니다." }),
  ).toBeVisible();

  // The proposer cannot approve it; the second SUPERADMIN does.
  await sa.goto("/admin/approvals?status=PENDING");
  const mine = sa.locator("li", { hasText: handle }).filter({ hasText: "1:1 문의 담당 배치" });
  await expect(mine).toContainText("역할 부여");
  await expect(mine).toContainText("일반 회원 → 고객지원");
  await expect(mine.getByRole("button", { name: /승인$/ })).toHaveCount(0);
  const sa2 = await adminPage(browser, baseURL!, "superadmin2");
  await sa2.goto("/admin/approvals?status=PENDING");
  const card = sa2.locator("li", { hasText: handle }).filter({ hasText: "1:1 문의 담당 배치" });
  await card.getByRole("button", { name: /승인$/ }).click();
  const confirm = sa2.getByRole("dialog", { name: /번 요청 승인$/ });
  await confirm.getByRole("button", { name: "승인", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(sa2.getByRole("status").filter({ hasText: "요청을 승인했습니다." })).toBeVisible();

  // The SUPPORT member signs in at /login and lands in the console.
  const ctx = await browser.newContext({ baseURL, viewport: LAPTOP, locale: "ko-KR" });
  const page = await ctx.newPage();
  await page.goto("/login");
  await page.getByLabel("아이디", { exact: true }).fill(handle);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await page.waitForURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "관리자 콘솔" })).toBeVisible();
  await expect(page.getByText("고객지원 역할로 로그인했습니다.", { exact: false })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "관리자 메뉴" });
  await expect(nav.getByRole("link", { name: "회원 관리", exact: true })).toBeVisible();
  for (const name of NOT_FOR_SUPPORT) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
  await check(page, "home-ko");

  // A screen the role does not open sends it back to the console's home (the server decides).
  await page.goto("/admin/audit");
  await page.waitForURL(/\/admin$/);
  await page.goto("/admin/deposits");
  await page.waitForURL(/\/admin$/);

  // Members: read-only — the detail opens, nothing that moves money or changes the member, no CSV export.
  await page.goto(`/admin/members?search=demo`);
  await expect(page.getByRole("button", { name: "CSV 내보내기" })).toHaveCount(0);
  await page.getByRole("button", { name: "demo", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "demo" });
  await expect(detail).toBeVisible();
  for (const name of ["코인 지급", "역할 변경", "전화번호 수정", "회원 삭제"])
    await expect(detail.getByRole("button", { name, exact: true })).toHaveCount(0);
  await axe(page, "member detail (SUPPORT)");
  await page.keyboard.press("Escape");
  await check(page, "members-ko");

  // English.
  const en = await adminPage(browser, baseURL!, { userId: handle, password }, "en");
  await en.goto("/admin");
  await expect(en.getByRole("heading", { level: 1, name: "Admin console" })).toBeVisible();
  await expect(en.getByText("You are signed in with the Support role.", { exact: false })).toBeVisible();
  const enNav = en.getByRole("navigation", { name: "Admin menu" });
  await expect(enNav.getByRole("link", { name: "Members", exact: true })).toBeVisible();
  for (const name of ["Deposits & withdrawals", "Audit log", "Pending approvals", "Reconciliation"])
    await expect(enNav.getByRole("link", { name, exact: true })).toHaveCount(0);
  await check(en, "home-en");
  await en.goto("/admin/members");
  await expect(en.getByRole("heading", { level: 1 })).toBeVisible();
  await check(en, "members-en");

  for (const p of [sa, sa2, page, en]) await p.context().close();
});
