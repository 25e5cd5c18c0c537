/**
 * /admin/destinations in the browser, against the production build: the ADMIN `admin` blocks Korbit with a memo
 * (at once: the row says 차단, GET /api/exchanges drops it), then asks to unblock it — the toast says it waits for a
 * second administrator, the row says 승인 대기 — and the SUPERADMIN approves it in /admin/approvals (Korbit: 차단 →
 * 허용), after which it is allowed again. The screen in Korean and English, laptop (1280 px) and phone (390 px),
 * axe-checked; screenshots in .test-data/screens/destinations/.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe, noSidewaysScroll, settle } from "./checks";
import { adminPage } from "./admin";

const SHOTS = ".test-data/screens/destinations";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ reducedMotion: "reduce" });

/** axe and a full-page screenshot at 1280 and at 390 px (no sideways scroll of the page on the phone). */
async function checkBothSizes(page: Page, name: string) {
  for (const [label, size] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    if (label === "phone") await noSidewaysScroll(page, `${name} ${label}`);
    await axe(page, `${name} ${label}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
}

const allowedOnErc20 = async (page: Page) =>
  ((await (await page.request.get("/api/exchanges")).json()) as { ERC20: string[] }).ERC20;

test("an administrator blocks Korbit at once, proposes to unblock it, and a second administrator's approval allows it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const a = await adminPage(browser, baseURL!, "admin");
  await a.goto("/admin/destinations");
  await expect(a.getByRole("heading", { name: "출금 거래소" })).toBeVisible();
  const korbit = a.getByTestId("destination-Korbit");
  await expect(korbit).toContainText("국내 신고 VASP");
  await expect(korbit).toContainText("CODE");
  await expect(korbit).toContainText("허용");
  await expect(a.getByTestId("destination-Binance")).toContainText("해외");
  await expect(a.getByTestId("destination-Binance")).toContainText("차단");
  await checkBothSizes(a, "list-ko");

  // Blocking asks for the reason, then applies at once.
  await a.getByRole("button", { name: "Korbit 차단", exact: true }).click();
  const block = a.getByRole("dialog", { name: "Korbit 차단" });
  await block.getByRole("button", { name: "확인", exact: true }).click();
  await expect(block.getByRole("alert")).toHaveText("차단 사유를 메모에 입력하세요.");
  await block.getByLabel("메모").fill("트래블룰 연동 점검");
  await a.screenshot({ path: `${SHOTS}/block-dialog-laptop.png` });
  await block.getByRole("button", { name: "확인", exact: true }).click();
  await expect(block).toBeHidden();
  await expect(a.getByRole("status").filter({ hasText: "Korbit 거래소를 차단했습니다." })).toBeVisible();
  await expect(korbit).toContainText("차단");
  await expect(korbit).toContainText("트래블룰 연동 점검");
  await expect(korbit).toContainText("admin");
  expect(await allowedOnErc20(a)).not.toContain("Korbit");

  // Unblocking is a proposal: nothing changes until another administrator approves.
  await a.getByRole("button", { name: "Korbit 차단 해제", exact: true }).click();
  const unblock = a.getByRole("dialog", { name: "Korbit 차단 해제" });
  await unblock.getByLabel("메모").fill("CODE 연동 재확인");
  await unblock.getByRole("button", { name: "승인 요청", exact: true }).click();
  await expect(unblock).toBeHidden();
  await expect(
    a.getByRole("status").filter({
      hasText: "Korbit 차단 해제 승인을 요청했습니다. 다른 관리자가 승인하면 허용됩니다.",
    }),
  ).toBeVisible();
  await expect(korbit).toContainText("승인 대기");
  await expect(a.getByRole("button", { name: "Korbit 차단 해제", exact: true })).toBeDisabled();
  expect(await allowedOnErc20(a)).not.toContain("Korbit");
  await checkBothSizes(a, "awaiting-ko");

  // The SUPERADMIN approves it in /admin/approvals; Korbit is allowed again.
  const b = await adminPage(browser, baseURL!, "superadmin");
  await b.goto("/admin/approvals?status=PENDING");
  const card = b.locator("li").filter({ hasText: "거래소 차단 해제" }).filter({ hasText: "Korbit" });
  await expect(card.getByTestId("proposal-change")).toHaveText("Korbit: 차단 → 허용");
  await b.screenshot({ path: `${SHOTS}/approvals-card-laptop.png`, fullPage: true });
  await card.getByRole("button", { name: /승인$/ }).click();
  const dialog = b.getByRole("dialog", { name: /번 요청 승인$/ });
  await expect(dialog).toContainText("Korbit: 차단 → 허용");
  await dialog.getByRole("button", { name: "승인", exact: true }).click();
  await expect(dialog).toBeHidden();
  await a.reload();
  await expect(korbit).toContainText("허용");
  await expect(korbit).not.toContainText("승인 대기");
  await expect(korbit).toContainText("superadmin");
  expect(await allowedOnErc20(a)).toContain("Korbit");
});

test("the screen in English, with the add dialog open", async ({ browser, baseURL }) => {
  const page = await adminPage(browser, baseURL!, "admin", "en");
  await page.goto("/admin/destinations");
  await expect(page.getByRole("heading", { name: "Destinations" })).toBeVisible();
  await expect(page.getByTestId("destination-Upbit")).toContainText("Korean registered VASP");
  await checkBothSizes(page, "list-en");
  await page.getByRole("button", { name: "Add exchange", exact: true }).click();
  const add = page.getByRole("dialog", { name: "Add exchange" });
  await add.getByLabel("Exchange name").fill("Gopax");
  await add.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(add.getByRole("alert")).toHaveText("Choose at least one network.");
  await add.getByRole("checkbox", { name: "Ethereum (ERC20)" }).check();
  await axe(page, "add dialog en");
  await page.setViewportSize(PHONE);
  await axe(page, "add dialog en phone");
  await page.screenshot({ path: `${SHOTS}/add-dialog-en-phone.png` });
  await add.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Gopax was added, blocked." })).toBeVisible();
  await expect(page.getByTestId("destination-Gopax")).toContainText("Blocked");
});
