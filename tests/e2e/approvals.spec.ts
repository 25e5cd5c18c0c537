/**
 * Four-eyes approval and reconciliation in the browser, against the production build:
 * the ADMIN `admin` credits 1,500 WLD (above FOUR_EYES_LIMIT) from the member screen — the console says it
 * became a proposal and nothing moved — and sees it in /admin/approvals without `승인`; the SUPERADMIN approves
 * it there and the member holds 1,500 WLD. A ₩10,000,000 deposit approved by the ADMIN waits (승인 대기 in the
 * request queue and the member's history) until the SUPERADMIN approves it, which credits it once.
 * /admin/reconciliation is all green on the seeded demo. Both screens in Korean and English, laptop and phone,
 * axe-checked; screenshots in .test-data/screens/four-eyes/.
 */
import fs from "node:fs";
import { type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe, noSidewaysScroll, settle } from "./checks";
import { adminPage } from "./admin";

const SHOTS = ".test-data/screens/four-eyes";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ reducedMotion: "reduce" });

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    if (label === "phone") await noSidewaysScroll(page, `${name} ${label}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
}

test("admin A proposes a 1,500 WLD credit; admin B approves it in /admin/approvals; it posts once", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const handle = `fe${Date.now().toString(36)}`;
  const member = await playwrightRequest.newContext({ baseURL });
  const signup = await member.post("/api/signup", {
    data: { name: "사인회원", userId: handle, password: "Four-Eyes-2026", refId: "WELCOME1" },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const holding = async () => {
    const coins = (await (await member.get(`/api/users/coins/${handle}`)).json()) as {
      symbol: string;
      amount: string;
    }[];
    return coins.find((c) => c.symbol === "WLD")?.amount ?? "0";
  };
  expect((await member.post("/api/login", { data: { userId: handle, password: "Four-Eyes-2026" } })).status()).toBe(
    200,
  );

  // Admin A (ADMIN) credits 1,500 WLD from the member screen: a proposal, not a posting.
  const a = await adminPage(browser, baseURL!, "admin");
  await a.goto(`/admin/members?search=${handle}`);
  await a.getByRole("button", { name: handle, exact: true }).click();
  await a.getByRole("dialog", { name: handle }).getByRole("button", { name: "코인 지급", exact: true }).click();
  const credit = a.getByRole("dialog", { name: "코인 지급" });
  await credit.getByLabel("금액").fill("1500");
  // Without a reason the server asks for one (the memo is the reason).
  await credit.getByRole("button", { name: "확인", exact: true }).click();
  await expect(credit.getByRole("alert")).toHaveText(
    "다른 관리자의 승인이 필요한 변경입니다. 사유(메모)를 입력해주세요.",
  );
  await credit.getByLabel("메모").fill("e2e 이벤트 보상");
  await credit.getByRole("button", { name: "확인", exact: true }).click();
  await expect(credit).toBeHidden();
  await expect(
    a.getByRole("status").filter({ hasText: "승인 요청을 올렸습니다. 다른 관리자가 승인하면 반영됩니다." }),
  ).toBeVisible();
  expect(await holding()).toBe("0");

  // A sees it pending, marked as theirs, without 승인.
  await a.goto("/admin/approvals");
  await expect(a.getByRole("heading", { level: 1, name: "승인 대기" })).toBeVisible();
  await expect(a.getByRole("link", { name: "승인 대기" })).toHaveAttribute("aria-current", "page");
  const mine = a.locator("li", { hasText: handle }).filter({ hasText: "e2e 이벤트 보상" });
  await expect(mine).toContainText("코인 지급");
  await expect(mine).toContainText("+1,500 WLD");
  await expect(mine).toContainText("내 요청");
  await expect(mine).toContainText("대기 중");
  await expect(mine).toContainText("후 만료");
  await expect(mine.getByRole("button", { name: /승인$/ })).toHaveCount(0);
  await expect(mine.getByRole("button", { name: /반려$/ })).toBeVisible();
  await axe(a, "/admin/approvals (proposer)");
  await shoot(a, "approvals-proposer-ko");

  // Admin B (SUPERADMIN) approves it.
  const b = await adminPage(browser, baseURL!, "superadmin");
  await b.goto("/admin/approvals?status=PENDING");
  const card = b.locator("li", { hasText: handle }).filter({ hasText: "e2e 이벤트 보상" });
  await expect(card).toContainText(`${"admin"}`);
  await shoot(b, "approvals-approver-ko");
  await card.getByRole("button", { name: /승인$/ }).click();
  const dialog = b.getByRole("dialog", { name: /번 요청 승인$/ });
  await expect(dialog).toContainText("+1,500 WLD");
  await axe(b, "/admin/approvals approve dialog");
  await dialog.getByRole("button", { name: "승인", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(b.getByRole("status").filter({ hasText: "요청을 승인했습니다." })).toBeVisible();
  expect(await holding()).toBe("1500");
  // A second approval is impossible: it is no longer pending.
  await b.goto("/admin/approvals?status=APPROVED");
  const done = b.locator("li", { hasText: handle }).filter({ hasText: "e2e 이벤트 보상" });
  await expect(done).toContainText("승인됨");
  await expect(done).toContainText("superadmin 처리");
  await expect(done.getByRole("button")).toHaveCount(0);
  expect(await holding()).toBe("1500");

  // English.
  const en = await adminPage(browser, baseURL!, "admin", "en");
  await en.goto("/admin/approvals");
  await expect(en.getByRole("heading", { level: 1, name: "Pending approvals" })).toBeVisible();
  await expect(en.locator("li", { hasText: handle }).first()).toContainText("Credit coins");
  await axe(en, "/admin/approvals en");
  await shoot(en, "approvals-en");

  await member.dispose();
  for (const p of [a, b, en]) await p.context().close();
});

test("a ₩10,000,000 deposit approved by one administrator waits (승인 대기) until a second approves it, once", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const handle = `fd${Date.now().toString(36)}`;
  const password = "Four-Eyes-2026";
  const member = await playwrightRequest.newContext({ baseURL });
  expect(
    (
      await member.post("/api/signup", { data: { name: "입금회원", userId: handle, password, refId: "WELCOME1" } })
    ).status(),
  ).toBe(201);
  expect((await member.post("/api/login", { data: { userId: handle, password } })).status()).toBe(200);
  const holding = async () => {
    const coins = (await (await member.get(`/api/users/coins/${handle}`)).json()) as {
      symbol: string;
      amount: string;
    }[];
    return coins.find((c) => c.symbol === "WLD")?.amount ?? "0";
  };
  // The member asks to buy ₩10,000,000 of WLD (retried while the price feed warms up): thousands of WLD.
  let req: { id: number; amount: string } | null = null;
  for (let i = 0; i < 30 && !req; i++) {
    const r = await member.post("/api/requests/deposit", { data: { coinSymbol: "WLD", amount: 10_000_000 } });
    if (r.status() === 201) req = (await r.json()).request;
    else {
      expect(r.status(), await r.text()).toBe(503);
      await new Promise((res) => setTimeout(res, 1000));
    }
  }
  expect(req, "a fresh price for the deposit").not.toBeNull();
  const { id, amount } = req!;
  expect(Number(amount)).toBeGreaterThan(1000);

  // The ADMIN approves it in /admin/deposits: a proposal, nothing credited; the row says 승인 대기.
  const a = await adminPage(browser, baseURL!, "admin");
  await a.goto("/admin/deposits?type=DEPOSIT&status=PENDING");
  const row = a.getByTestId(`request-${id}`);
  await row.getByRole("button", { name: "승인", exact: true }).click();
  const dialog = a.getByRole("dialog", { name: "요청 승인" });
  await dialog.getByLabel("메모").fill("e2e 대량 입금 확인");
  await dialog.getByRole("button", { name: "확인", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    a.getByRole("status").filter({ hasText: `${id}번 요청은 한도를 넘어 다른 관리자의 승인을 기다립니다` }),
  ).toBeVisible();
  await expect(row).toHaveAttribute("data-awaiting", "true");
  await expect(row.getByTestId("awaiting-approval")).toHaveText("승인 대기");
  await expect(row.getByRole("button", { name: "승인", exact: true })).toHaveCount(0);
  await expect(row.getByRole("link", { name: "승인 대기 화면에서 보기" })).toBeVisible();
  expect(await holding()).toBe("0");
  // After a reload too (the server's list says so), in the queue the console keeps.
  await a.reload();
  await expect(a.getByTestId(`request-${id}`).getByTestId("awaiting-approval")).toHaveText("승인 대기");
  await axe(a, "/admin/deposits (awaiting approval)");
  await settle(a);
  await a.screenshot({ path: `${SHOTS}/deposits-awaiting-laptop.png`, fullPage: true });

  // The member sees it waiting too, and cannot cancel it.
  const mctx = await browser.newContext({ baseURL, viewport: PHONE, locale: "ko-KR" });
  const mine = await mctx.newPage();
  expect((await mine.request.post("/api/login", { data: { userId: handle, password } })).status()).toBe(200);
  await mine.goto("/wallet-history");
  const item = mine.getByTestId(`request-${id}`);
  await expect(item.getByTestId("request-awaiting")).toHaveText("승인 대기");
  await expect(item.getByRole("button", { name: `신청 ${id}번 취소` })).toHaveCount(0);
  await expect(item).toContainText("두 번째 관리자 승인 대기");
  await axe(mine, "/wallet-history (awaiting approval)");
  await mine.screenshot({ path: `${SHOTS}/history-awaiting-phone.png`, fullPage: true });

  // The SUPERADMIN sees the request and its KRW in /admin/approvals and approves it: credited once.
  const b = await adminPage(browser, baseURL!, "superadmin");
  await b.goto("/admin/approvals?status=PENDING");
  const card = b.locator("li", { hasText: handle }).filter({ hasText: `입금 신청 #${id}` });
  await expect(card).toContainText("입금 승인");
  await expect(card).toContainText("₩10,000,000");
  await expect(card).toContainText("e2e 대량 입금 확인");
  await card.getByRole("button", { name: /승인$/ }).click();
  const approve = b.getByRole("dialog", { name: /번 요청 승인$/ });
  await expect(approve).toContainText(`입금 신청 #${id}`);
  await approve.getByRole("button", { name: "승인", exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(b.getByRole("status").filter({ hasText: "요청을 승인했습니다." })).toBeVisible();
  await expect.poll(holding).toBe(amount);

  // Settled APPROVED, no longer waiting; a second approval has nothing to approve.
  await a.goto("/admin/deposits?type=DEPOSIT&status=APPROVED");
  await expect(a.getByTestId(`request-${id}`)).toHaveAttribute("data-awaiting", "false");
  const again = await a.request.patch(`/api/admin/requests/${id}`, { data: { action: "approve" } });
  expect(again.status()).toBe(409);
  expect(await holding()).toBe(amount);

  await member.dispose();
  for (const p of [a, b, mine]) await p.context().close();
});

test("/admin/reconciliation is all green on the seeded demo, in both languages", async ({ browser, baseURL }) => {
  const page = await adminPage(browser, baseURL!, "admin");
  await page.goto("/admin/reconciliation");
  await expect(page.getByRole("heading", { level: 1, name: "정산 대사" })).toBeVisible();
  await expect(page.getByTestId("reconciliation-summary")).toContainText("모두 일치합니다.");
  const wld = page.getByTestId("recon-coin-WLD");
  await expect(wld).toContainText("일치");
  for (const key of [
    "balance-matches-entries",
    "coin-sums-to-zero",
    "posting-balances",
    "entry-coin-matches",
    "no-negative-member",
    "payouts-in-transit",
  ])
    await expect(page.getByTestId(`recon-invariant-${key}`)).toContainText("일치");
  await expect(page.getByText("불일치")).toHaveCount(0);
  const api = (await (await page.request.get("/api/admin/reconciliation")).json()) as { ok: boolean };
  expect(api.ok).toBe(true);
  expect((await page.request.get("/api/health?deep=1")).status()).toBe(200);
  await axe(page, "/admin/reconciliation");
  await shoot(page, "reconciliation-ko");

  const en = await adminPage(browser, baseURL!, "admin", "en");
  await en.goto("/admin/reconciliation");
  await expect(en.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  await expect(en.getByTestId("reconciliation-summary")).toContainText("Everything agrees.");
  await axe(en, "/admin/reconciliation en");
  await shoot(en, "reconciliation-en");
  await page.context().close();
  await en.context().close();
});
