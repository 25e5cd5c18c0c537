/**
 * Fraud cases in the browser, against the production build: a member who logs in from a new device right after
 * setting a payout address withdraws more than ₩1,000,000 (700 WLD at the fake exchange's ₩1,540): the request is
 * held and the member reads `심사 중` (no rule, no accusation) in the history and the progress. The ADMIN finds the
 * case in /admin/cases (`이상거래 심사`) with its clock, opens it (the rule, the evidence, the request), closes it as
 * cleared with a note, then approves the request; the member's history then reads 승인. English too; axe at 1280
 * and 390 px on the list and the case. Screenshots in .test-data/screens/fraud-cases.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { axe, noSidewaysScroll, settle } from "./checks";
import { expect, test } from "./fixtures";
import { adminPage } from "./admin";
import { signUpMember, useLocale } from "./members";

const SHOTS = ".test-data/screens/fraud-cases";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = "Fraud-Case-2026";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

test.use({ reducedMotion: "reduce" });

async function checkBothWidths(page: Page, name: string) {
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

test("a held withdrawal reads 심사 중; the case is cleared in /admin/cases and the request approved", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const handle = await signUpMember(page, { prefix: "frd", name: "심사회원", password: PASSWORD, funded: true });
  expect((await page.request.post(`/api/users/${handle}/swap`, { data: { amount: "600" } })).status()).toBe(200);
  // Another browser (Firefox): the new-device login, within 24 hours of the new payout address.
  const other = await browser.newContext({ baseURL, userAgent: FIREFOX });
  expect((await other.request.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(200);
  await other.close();
  const asked = await page.request.post("/api/transfer-requests", {
    data: { amount: "700", type: "WITHDRAW", travelRule: { recipientName: "심사회원", selfOwned: true } },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const made = (await asked.json()) as { request: { id: number; underReview: boolean } };
  expect(made.request.underReview).toBe(true);
  const id = made.request.id;

  // The member: 심사 중, in the list and in the progress, with nothing about a rule.
  await page.setViewportSize(PHONE);
  await page.goto("/wallet-history");
  const item = page.getByTestId(`request-${id}`);
  await expect(item.getByTestId("request-status")).toHaveText("심사 중");
  await expect(item.getByRole("list", { name: "진행 상황" })).toContainText("심사 중");
  await expect(item).not.toContainText("이상거래");
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/member-held-phone.png`, fullPage: true });

  // The console: the case in the list with its clock, then the case itself.
  const a = await adminPage(browser, baseURL!, "admin");
  await a.goto("/admin/cases");
  await expect(a.getByRole("heading", { level: 1, name: "이상거래 심사" })).toBeVisible();
  await expect(a.getByRole("link", { name: "이상거래 심사", exact: true })).toHaveAttribute("aria-current", "page");
  const row = a.locator("tr", { hasText: `#${id} ·` }).first();
  await expect(row).toContainText("새 기기·새 주소 후 고액 출금");
  await expect(row).toContainText("심사회원");
  await expect(row).toContainText(/영업일 \d+일 남음|오늘 마감/);
  await checkBothWidths(a, "cases-ko");
  // An approval waits for the case.
  const early = await a.request.patch(`/api/admin/requests/${id}`, { data: { action: "APPROVE" } });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { code: string }).code).toBe("CASE_OPEN");

  const caseId = Number((await row.getByRole("button", { name: /심사 #\d+ 열기/ }).textContent())?.replace("#", ""));
  await row.getByRole("button", { name: `심사 #${caseId} 열기` }).click();
  await expect(a.getByRole("heading", { level: 1, name: `심사 #${caseId}` })).toBeVisible();
  await expect(a.getByRole("heading", { name: "근거" })).toBeVisible();
  await expect(a.getByText("minAmountKrw")).toBeVisible();
  await checkBothWidths(a, "case-ko");
  await a.getByRole("button", { name: "이상 없음으로 종결" }).click();
  const dialog = a.getByRole("dialog", { name: `심사 #${caseId}를 이상 없음으로 종결할까요?` });
  await dialog.getByLabel("결정 메모").fill("본인 확인 통화 완료");
  await dialog.getByRole("button", { name: "이상 없음으로 종결" }).click();
  await expect(dialog).toBeHidden();
  await expect(a.getByText("이상 없음", { exact: true }).first()).toBeVisible();
  await expect(a.getByText("본인 확인 통화 완료")).toBeVisible();

  // Cleared: the normal approval goes on; the member reads 승인.
  const approved = await a.request.patch(`/api/admin/requests/${id}`, { data: { action: "APPROVE" } });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId(`request-${id}`).getByTestId("request-status")).not.toHaveText("심사 중");

  // English: the console and the member's words.
  const en = await adminPage(browser, baseURL!, "admin", "en");
  await en.goto("/admin/cases");
  await expect(en.getByRole("heading", { level: 1, name: "Fraud cases" })).toBeVisible();
  await expect(en.getByRole("link", { name: "Fraud cases", exact: true })).toHaveAttribute("aria-current", "page");
  await checkBothWidths(en, "cases-en");
  await en.goto(`/admin/cases?id=${caseId}`);
  await expect(en.getByRole("heading", { level: 1, name: `Case #${caseId}` })).toBeVisible();
  await expect(en.getByText("Cleared", { exact: true }).first()).toBeVisible();
  await checkBothWidths(en, "case-en");
});

test("the member reads Under review in English", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await useLocale(page.context(), baseURL, "en");
  const handle = await signUpMember(page, { prefix: "frde", name: "Review Member", password: PASSWORD, funded: true });
  expect((await page.request.post(`/api/users/${handle}/swap`, { data: { amount: "600" } })).status()).toBe(200);
  const other = await browser.newContext({ baseURL, userAgent: FIREFOX });
  expect((await other.request.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(200);
  await other.close();
  const asked = await page.request.post("/api/transfer-requests", {
    data: { amount: "700", type: "WITHDRAW", travelRule: { recipientName: "Review Member", selfOwned: true } },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const id = ((await asked.json()) as { request: { id: number } }).request.id;
  await page.setViewportSize(PHONE);
  await page.goto("/wallet-history");
  const item = page.getByTestId(`request-${id}`);
  await expect(item.getByTestId("request-status")).toHaveText("Under review");
  await expect(item.getByRole("list", { name: "Progress" })).toContainText("Under review");
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/member-held-en-phone.png`, fullPage: true });
});
