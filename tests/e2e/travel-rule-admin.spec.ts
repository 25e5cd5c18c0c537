/**
 * The Travel Rule's administrator side in the browser, against the production build: a member's ₩1,000,000+
 * withdrawal (700 WLD at the fake exchange's ₩1,540 = ₩1,078,000) carries its record; the ADMIN finds it in
 * /admin/travel-rule (today, KST), downloads it per request and per day (the JSON carries the stored IVMS 101
 * payload), sees the `트래블룰` badge and the recipient's details in the request queue, and records the receiving
 * exchange's refusal with `반환 처리` and a reason: the row reads 반환됨 and the member's history shows the reason.
 * axe at 1280 and 390 px in Korean and English; screenshots in .test-data/screens/travel-rule-admin.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe, noSidewaysScroll, settle } from "./checks";
import { adminPage } from "./admin";
import { signUpMember } from "./members";

const SHOTS = ".test-data/screens/travel-rule-admin";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = "Travel-Admin-2026";
const RECIPIENT = "김수취";
const REASON = "수취인 이름 불일치 (VerifyVASP)";

test.use({ reducedMotion: "reduce" });

/** axe and a full-page screenshot at 1280 px, then at 390 px (no sideways scroll of the page itself). */
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

/** Clicks `button` and reads the file it downloads. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, "utf8") };
}

test("an administrator exports a withdrawal's Travel Rule record and records the exchange's return", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const handle = await signUpMember(page, { prefix: "tra", name: "트래블회원", password: PASSWORD, funded: true });
  expect((await page.request.post(`/api/users/${handle}/swap`, { data: { amount: "600" } })).status()).toBe(200);
  const asked = await page.request.post("/api/transfer-requests", {
    data: {
      amount: "700",
      type: "WITHDRAW",
      travelRule: { recipientName: RECIPIENT, selfOwned: false, relationship: "FAMILY" },
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const id = ((await asked.json()) as { request: { id: number } }).request.id;

  // /admin/travel-rule: today's records, the row with the sender, the recipient and the exchange.
  const a = await adminPage(browser, baseURL!, "admin");
  await a.goto("/admin/travel-rule");
  await expect(a.getByRole("heading", { level: 1, name: "트래블룰 기록" })).toBeVisible();
  await expect(a.getByRole("link", { name: "트래블룰", exact: true })).toHaveAttribute("aria-current", "page");
  const row = a.getByTestId(`travel-rule-${id}`);
  await expect(row).toContainText("트래블회원");
  await expect(row).toContainText(RECIPIENT);
  await expect(row).toContainText("가족");
  await expect(row).toContainText("Upbit");
  // The partner as its name, not the code VERIFYVASP.
  await expect(row).toContainText("VerifyVASP");
  await expect(row).toContainText("OP Mainnet");
  await expect(row).toContainText("₩1,078,000");
  await expect(row).toContainText("대기");
  await checkBothWidths(a, "travel-rule-ko");

  const json = await downloaded(a, () => row.getByRole("button", { name: `요청 #${id} JSON 내려받기` }).click());
  expect(json.name).toBe(`travel-rule-request-${id}.json`);
  const record = JSON.parse(json.text) as { requestId: number; status: string; ivms101: Record<string, unknown> };
  expect(record).toMatchObject({ requestId: id, status: "PENDING" });
  expect(JSON.stringify(record.ivms101)).toContain(RECIPIENT);
  const csv = await downloaded(a, () => row.getByRole("button", { name: `요청 #${id} CSV 내려받기` }).click());
  expect(csv.name).toMatch(new RegExp(`^travel-rule-request-${id}-\\d{12}\\.csv$`));
  expect(csv.text).toContain(`${id},`);
  const day = await downloaded(a, () => a.getByRole("button", { name: "이 날 JSON 내려받기" }).click());
  expect(day.name).toMatch(/^travel-rule-\d{4}-\d{2}-\d{2}\.json$/);
  expect((JSON.parse(day.text) as { records: { requestId: number }[] }).records.map((r) => r.requestId)).toContain(id);

  // The request queue: the badge, the recipient's details in the dialog, 반환 처리 with a reason.
  await a.goto("/admin/deposits?type=WITHDRAW&status=PENDING");
  const queued = a.getByTestId(`request-${id}`);
  await expect(queued.getByTestId("travel-rule-badge")).toHaveText("트래블룰");
  await queued.getByRole("button", { name: "반환 처리", exact: true }).click();
  const dialog = a.getByRole("dialog", { name: "반환 처리" });
  await expect(dialog.getByRole("region", { name: "트래블룰 정보" })).toContainText(RECIPIENT);
  await expect(dialog.getByTestId("travel-rule-details")).toContainText("가족");
  await dialog.getByRole("button", { name: "확인", exact: true }).click();
  await expect(dialog.getByText("반환 사유를 입력하세요.")).toBeVisible();
  await dialog.getByLabel("반환 사유").fill(REASON);
  await axe(a, "/admin/deposits return dialog");
  await a.screenshot({ path: `${SHOTS}/return-dialog-laptop.png` });
  await dialog.getByRole("button", { name: "확인", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(a.getByRole("status").filter({ hasText: `${id}번 요청을 반환 처리했습니다.` })).toBeVisible();
  await expect(queued).toHaveAttribute("data-status", "RETURNED");
  await expect(queued).toContainText("반환됨");
  await expect(queued).toContainText(REASON);
  await a.goto("/admin/deposits?status=RETURNED");
  await expect(a.getByTestId(`request-${id}`)).toBeVisible();
  await checkBothWidths(a, "deposits-returned-ko");

  // The member: 반환됨 with the reason in the history and in the request's progress.
  await page.setViewportSize(PHONE);
  await page.goto("/wallet-history");
  const item = page.getByTestId(`request-${id}`);
  await expect(item.getByTestId("request-status")).toHaveText("반환됨");
  await expect(item).toContainText(REASON);
  await item.getByRole("button", { name: `신청 ${id}번 자세히 보기` }).click();
  await expect(item.getByRole("list", { name: "진행 상황" })).toContainText("받는 거래소에서 반환");
  await expect(item.getByRole("list", { name: "진행 상황" })).toContainText(REASON);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/member-history-phone.png`, fullPage: true });

  // English.
  const en = await adminPage(browser, baseURL!, "admin", "en");
  await en.goto("/admin/travel-rule");
  await expect(en.getByRole("heading", { level: 1, name: "Travel Rule records" })).toBeVisible();
  const enRow = en.getByTestId(`travel-rule-${id}`);
  await expect(enRow).toContainText("Family");
  await expect(enRow).toContainText("Returned");
  await expect(enRow.getByRole("button", { name: `Download request #${id} as JSON` })).toBeVisible();
  await checkBothWidths(en, "travel-rule-en");
});
