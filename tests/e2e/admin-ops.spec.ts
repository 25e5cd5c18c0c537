/**
 * The admin console's operational screens against the production build, as the seeded `admin` (ADMIN):
 * /admin/deposits (a double-clicked approval decides once; a bulk approval with one failing row reports per
 * request), /admin/id-reviews (approve and reject), /admin/staking-rewards (a run twice pays once), and every
 * screen checked with axe (no serious/critical violation) and for sideways scrolling at 390 px. Screenshots at
 * 390 and 1280 px go to ADMIN_OPS_SHOTS_DIR (default /tmp/wld-admin-ops).
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { adminPage, staffRequest, staffState } from "./admin";
import { allowConsole, expect, test } from "./fixtures";
import sharp from "sharp";

const SHOTS = process.env.ADMIN_OPS_SHOTS_DIR ?? "/tmp/wld-admin-ops";
fs.mkdirSync(SHOTS, { recursive: true });
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const PASSWORD = "Ops-Member-2026";

test.use({ reducedMotion: "reduce" });

let seq = 0;
/** A fresh member with their own API context. */
async function newMember(baseURL: string | undefined, prefix: string) {
  seq += 1;
  const handle = `${prefix}${Date.now().toString(36)}${seq}`;
  const ctx = await playwrightRequest.newContext({ baseURL });
  expect(
    (
      await ctx.post("/api/signup", {
        data: { name: "운영회원", userId: handle, password: PASSWORD, refId: "WELCOME1" },
      })
    ).status(),
  ).toBe(201);
  expect((await ctx.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(200);
  return { handle, ctx };
}

/** A KRW deposit request (retried while the price feed warms up); answers the request. */
async function deposit(ctx: APIRequestContext, krw: number) {
  for (let i = 0; i < 30; i++) {
    const r = await ctx.post("/api/requests/deposit", { data: { coinSymbol: "WLD", amount: krw } });
    if (r.status() === 201) return (await r.json()).request as { id: number; amount: string };
    expect(r.status(), await r.text()).toBe(503);
    await new Promise((res) => setTimeout(res, 1000));
  }
  throw new Error("no fresh price for a deposit");
}

async function wldHolding(ctx: APIRequestContext, handle: string): Promise<string> {
  const coins = (await (await ctx.get(`/api/users/coins/${handle}`)).json()) as { symbol: string; amount: string }[];
  return coins.find((c) => c.symbol === "WLD")?.amount ?? "0";
}

/** Data has arrived: no skeleton left; entry transitions have finished. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await expect(page.locator(".skeleton")).toHaveCount(0);
  await page.waitForTimeout(500);
}

/** Runs the staking reward for `day` from /admin/staking-rewards and waits for the day in the list. */
async function runRewardDay(page: Page, day: string) {
  await page.getByRole("button", { name: "지급 실행" }).click();
  const dialog = page.getByRole("dialog", { name: "지급 실행" });
  await dialog.getByLabel("지급일").fill(day);
  await dialog.getByRole("button", { name: "확인" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(`reward-day-${day}`)).toBeVisible();
}

test.describe("admin operational screens", () => {
  test.use({ storageState: async ({ baseURL }, use) => use(await staffState(baseURL!, "admin")) });

  test("a double-clicked approval in /admin/deposits approves exactly once, with its memo in the audit log", async ({
    page,
    baseURL,
  }) => {
    const m = await newMember(baseURL, "dep");
    const req = await deposit(m.ctx, 50_000);
    expect(await wldHolding(m.ctx, m.handle)).toBe("0");

    await page.goto("/admin/deposits?type=DEPOSIT&status=PENDING");
    await expect(page.getByRole("heading", { name: "입출금 요청" })).toBeVisible();
    const row = page.getByTestId(`request-${req.id}`);
    await expect(row).toContainText(m.handle);
    await expect(row).toHaveAttribute("data-status", "PENDING");

    await row.getByRole("button", { name: "승인", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "요청 승인" });
    await dialog.getByLabel("메모").fill("e2e 입금 확인");
    await page.screenshot({ path: `${SHOTS}/admin-deposits-approve-dialog-390.png` });
    await dialog.getByRole("button", { name: "확인" }).dblclick();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: `${req.id}번 요청을 승인했습니다.` })).toBeVisible();
    // The row updates in place, without a reload.
    await expect(row).toHaveAttribute("data-status", "APPROVED");
    await expect(row.getByRole("button", { name: "승인", exact: true })).toHaveCount(0);

    // Exactly once: the member was credited the request's amount once, and one approval was audited.
    await expect.poll(() => wldHolding(m.ctx, m.handle)).toBe(req.amount);
    const audit = await page.request.get(`/api/admin/audit?action=request.approved&target=${m.handle}`);
    expect(audit.status()).toBe(200);
    const rows = (await audit.json()).items as { memo: string | null }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.memo).toBe("e2e 입금 확인");

    // The audit screen shows it with the memo.
    await page.goto(`/admin/audit?action=request.approved&target=${m.handle}`);
    await expect(page.getByRole("heading", { name: "감사 로그" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "e2e 입금 확인" })).toBeVisible();
    await m.ctx.dispose();
  });

  test("an approval whose answer is lost is retried with the same Idempotency-Key and still credits once", async ({
    page,
    baseURL,
  }) => {
    const m = await newMember(baseURL, "lost");
    const req = await deposit(m.ctx, 30_000);
    const keys: string[] = [];
    allowConsole(/ERR_CONNECTION_RESET/, "the test cuts the first answer's connection");
    // The first PATCH reaches the server, but its answer never reaches the browser.
    await page.route(`**/api/admin/requests/${req.id}`, async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (keys.length === 1) {
        await route.fetch();
        await route.abort("connectionreset");
      } else await route.continue();
    });
    await page.goto("/admin/deposits?type=DEPOSIT&status=PENDING");
    await page.getByTestId(`request-${req.id}`).getByRole("button", { name: "승인", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "요청 승인" });
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect.poll(() => wldHolding(m.ctx, m.handle)).toBe(req.amount);
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`request-${req.id}`)).toHaveAttribute("data-status", "APPROVED");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(await wldHolding(m.ctx, m.handle)).toBe(req.amount);
    await m.ctx.dispose();
  });

  test("an EXPIRED deposit is approved with the KRW actually received (UI contract, answers stubbed)", async ({
    page,
  }) => {
    // A quote runs out after 10 minutes of server time, which a browser test cannot wait for: the list answer
    // is stubbed with one EXPIRED deposit and the decision call is captured (the server side of a re-priced
    // approval is covered by tests/integration/audit-deposit-quotes.test.ts).
    const now = new Date().toISOString();
    const item = {
      id: 987_654,
      type: "DEPOSIT",
      status: "EXPIRED",
      coinSymbol: "WLD",
      amount: "32.5",
      fee: "0",
      total: "32.5",
      krwAmount: "50000",
      priceKrw: "1540",
      krwValue: "50000",
      wallet: null,
      reason: null,
      quoteExpiresAt: now,
      createdAt: now,
      updatedAt: now,
      user: { id: 99_999, userId: "expiredmember", name: "만료회원" },
      pendingProposalId: null,
    };
    await page.route("**/api/admin/requests?*", (route) => route.fulfill({ json: { items: [item], total: 1 } }));
    const sent: unknown[] = [];
    await page.route(`**/api/admin/requests/${item.id}`, async (route) => {
      sent.push(route.request().postDataJSON());
      await route.fulfill({ json: { request: { ...item, status: "APPROVED", amount: "31.9", krwAmount: "49000" } } });
    });
    await page.goto("/admin/deposits?status=EXPIRED");
    const row = page.getByTestId(`request-${item.id}`);
    await expect(row.getByRole("button", { name: "반려" })).toHaveCount(0);
    await row.getByRole("button", { name: "승인", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "요청 승인" });
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("실제 받은 원화를 0보다 큰 정수로 입력하세요.");
    expect(sent).toHaveLength(0);
    await dialog.getByLabel("실제 받은 원화").fill("49000");
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog).toHaveCount(0);
    expect(sent).toEqual([{ action: "approve", krwReceived: "49000" }]);
    await expect(row).toHaveAttribute("data-status", "APPROVED");
    await expect(row).toContainText("31.9");
  });

  test("a bulk approval reports a result per request and one failure does not stop the rest", async ({
    page,
    baseURL,
  }) => {
    const members = [
      await newMember(baseURL, "bulk"),
      await newMember(baseURL, "bulk"),
      await newMember(baseURL, "bulk"),
    ];
    const reqs = [];
    for (const m of members) reqs.push(await deposit(m.ctx, 20_000));

    await page.goto("/admin/deposits?type=DEPOSIT&status=PENDING");
    for (const r of reqs) await page.getByTestId(`request-${r.id}`).getByRole("checkbox").check();
    await page.getByRole("button", { name: "선택 승인 (3)" }).click();
    const dialog = page.getByRole("dialog", { name: "선택한 요청 승인" });
    await expect(dialog).toContainText("3건");

    // Someone else decides the middle one first: that one fails, the others go through.
    const failing = reqs[1]!;
    const other = await staffRequest(baseURL, "superadmin");
    expect(
      (
        await other.patch(`/api/admin/requests/${failing.id}`, { data: { action: "reject", reason: "중복 요청" } })
      ).status(),
    ).toBe(200);

    await dialog.getByRole("button", { name: "확인" }).click();
    const results = dialog.getByTestId("bulk-results").getByRole("listitem");
    await expect(results).toHaveCount(3);
    await expect(dialog.locator('[data-ok="true"]')).toHaveCount(2);
    await expect(dialog.locator('[data-ok="false"]')).toHaveCount(1);
    await expect(dialog.locator('[data-ok="false"]')).toContainText(`#${failing.id}`);
    await dialog.getByRole("button", { name: "닫기" }).first().click();

    for (const [i, m] of members.entries()) {
      await expect.poll(() => wldHolding(m.ctx, m.handle)).toBe(i === 1 ? "0" : reqs[i]!.amount);
    }
    const list = await page.request.get("/api/admin/requests?type=DEPOSIT&limit=50");
    const byId = new Map(((await list.json()).items as { id: number; status: string }[]).map((r) => [r.id, r.status]));
    expect(reqs.map((r) => byId.get(r.id))).toEqual(["APPROVED", "REJECTED", "APPROVED"]);
    await other.dispose();
    for (const m of members) await m.ctx.dispose();
  });

  test("ID review: approve one submission and reject another with a reason", async ({ page, baseURL }) => {
    const png = await sharp({ create: { width: 600, height: 380, channels: 3, background: "#16a34a" } })
      .png()
      .toBuffer();
    const yes = await newMember(baseURL, "idok");
    const no = await newMember(baseURL, "idno");
    for (const m of [yes, no]) {
      const up = await m.ctx.post("/api/upload-id", {
        multipart: { idImage: { name: "id.png", mimeType: "image/png", buffer: png } },
      });
      expect(up.status()).toBe(201);
    }

    await page.goto("/admin/id-reviews");
    await expect(page.getByRole("heading", { name: "신분증 심사" })).toBeVisible();
    const yesCard = page.getByTestId(`id-review-${yes.handle}`);
    await expect(yesCard.getByRole("img", { name: `${yes.handle} 회원의 신분증 이미지` })).toBeVisible();
    await expect
      .poll(() => yesCard.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await yesCard.getByRole("button", { name: "신분증 승인" }).click();
    const approve = page.getByRole("dialog", { name: "신분증 승인" });
    await approve.getByRole("button", { name: "확인" }).click();
    await expect(approve).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: `${yes.handle} 회원의 신분증을 승인했습니다.` }),
    ).toBeVisible();

    const noCard = page.getByTestId(`id-review-${no.handle}`);
    await noCard.getByRole("button", { name: "신분증 반려" }).click();
    const reject = page.getByRole("dialog", { name: "신분증 반려" });
    await reject.getByRole("button", { name: "확인" }).click();
    await expect(reject.getByRole("alert")).toHaveText("반려 사유를 입력하세요.");
    await reject.getByLabel("사유").fill("이미지가 흐립니다");
    await reject.getByRole("button", { name: "확인" }).click();
    await expect(reject).toHaveCount(0);

    expect(await (await yes.ctx.get(`/api/users/by-id/${yes.handle}/certID`)).json()).toMatchObject({
      CertID: true,
      idStatus: "APPROVED",
    });
    expect(await (await no.ctx.get(`/api/users/by-id/${no.handle}/certID`)).json()).toMatchObject({
      CertID: false,
      idStatus: "REJECTED",
    });
    // Both leave the queue.
    await page.reload();
    await expect(page.getByTestId(`id-review-${yes.handle}`)).toHaveCount(0);
    await expect(page.getByTestId(`id-review-${no.handle}`)).toHaveCount(0);
    await yes.ctx.dispose();
    await no.ctx.dispose();
  });

  test("a reward run for an ended day, run twice, pays once and says the second time that it was paid", async ({
    page,
  }) => {
    // A day before the seeded history: ended, never run.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(
      new Date(Date.now() - 9 * 86_400_000),
    );
    const profitBefore = await (await page.request.get("/api/admin/staking/rewards?limit=100")).json();
    expect((profitBefore.items as { day: string }[]).some((d) => d.day === day)).toBe(false);

    await page.goto("/admin/staking-rewards");
    await expect(page.getByRole("heading", { name: "스테이킹 보상" })).toBeVisible();
    await runRewardDay(page, day);
    const finishedCell = page.getByTestId(`reward-day-${day}`).locator("td").nth(3);
    const finishedAt = ((await finishedCell.textContent()) ?? "").trim();
    await page.waitForTimeout(1100); // a rewrite of the completion time would now read differently
    await runRewardDay(page, day);
    // The second run paid nothing: the screen says the day was already paid — information, not a
    // green success — and the day is listed once with one total and its completion time as it was.
    const result = page.getByTestId("reward-run-result");
    await expect(result).toContainText("보상은 이미 지급되었습니다");
    await expect(result).toContainText(finishedAt);
    await expect(result).toHaveAttribute("data-kind", "info");
    await expect(result).not.toHaveClass(/emerald/);
    await expect(page.getByTestId(`reward-day-${day}`)).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId(`reward-day-${day}`).locator("td").nth(3)).toHaveText(finishedAt);
    const after = await (await page.request.get("/api/admin/staking/rewards?limit=100")).json();
    expect((after.items as { day: string }[]).filter((d) => d.day === day)).toHaveLength(1);
    const runs = await page.request.get(`/api/admin/audit?action=admin.staking.reward_run`);
    expect(runs.status()).toBe(200);
  });

  test("a run that finishes while the list is still loading still lists its day", async ({ page }) => {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(
      new Date(Date.now() - 10 * 86_400_000),
    );
    // The screen's first load of the list is answered before the run and delivered after it.
    let first = true;
    await page.route("**/api/admin/staking/rewards?*", async (route) => {
      const response = await route.fetch();
      if (first) {
        first = false;
        await new Promise((r) => setTimeout(r, 1500));
      }
      await route.fulfill({ response });
    });
    await page.goto("/admin/staking-rewards");
    await runRewardDay(page, day);
  });

  test("staking products: create, edit and deactivate, each audited; records filter by member in the URL", async ({
    page,
    baseURL,
  }) => {
    const name = `E2E 상품 ${Date.now().toString(36)}`;
    await page.goto("/admin/staking-products");
    await expect(page.getByRole("heading", { name: "스테이킹 상품" })).toBeVisible();
    await page.getByRole("button", { name: "상품 추가" }).click();
    const create = page.getByRole("dialog", { name: "상품 추가" });
    await create.getByRole("button", { name: "확인" }).click();
    await expect(create.getByRole("alert")).toHaveText("상품명을 입력하세요.");
    await create.getByLabel("상품명").fill(name);
    await create.getByLabel("이율").fill("5.5");
    await create.getByLabel("잠금 일수").fill("30");
    await create.getByLabel("최소 금액").fill("10");
    await create.getByLabel("메모").fill("e2e 상품 생성");
    await create.getByRole("button", { name: "확인" }).click();
    await expect(create).toHaveCount(0);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("5.5%");
    await expect(row).toContainText("30일");

    await row.getByRole("button", { name: `${name} 수정` }).click();
    const edit = page.getByRole("dialog", { name: `${name} 수정` });
    await edit.getByLabel("이율").fill("6");
    await expect(edit).toContainText("연 이율 5.5% → 6%");
    // A new rate is a four-eyes proposal (SECURITY.md I39): the memo is its reason, the SUPERADMIN approves it.
    await edit.getByLabel("메모").fill("e2e 이율 변경");
    await edit.getByRole("button", { name: "확인" }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "이율 변경 승인 요청을 올렸습니다" })).toBeVisible();
    await expect(row).toContainText("5.5%");
    const approver = await staffRequest(baseURL, "superadmin");
    const pending = (await (await approver.get("/api/admin/proposals?status=PENDING&limit=100")).json()) as {
      items: { id: number; kind: string; payload: { productName?: string } }[];
    };
    const proposal = pending.items.find((p) => p.kind === "product_rate" && p.payload.productName === name);
    expect((await approver.post(`/api/admin/proposals/${proposal!.id}/approve`)).status()).toBe(200);
    await approver.dispose();
    await page.reload();
    await expect(row).toContainText("6%");

    // Deactivating the coin's newest product lets the seeded 12 % one apply again: a rate in force rises, so it is
    // a proposal too (SECURITY I39) and the row says so until the SUPERADMIN approves it.
    await row.getByRole("button", { name: `${name} 비활성화` }).click();
    const off = page.getByRole("dialog", { name: "비활성화" });
    await off.getByLabel("메모").fill("e2e 비활성화");
    await off.getByRole("button", { name: "확인" }).click();
    await expect(off).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "변경 승인 요청을 올렸습니다" })).toBeVisible();
    await expect(row).toContainText("승인 대기");
    const second = await staffRequest(baseURL, "superadmin");
    const waiting = (await (await second.get("/api/admin/staking-products/pending")).json()) as {
      proposalId: number;
      name: string;
    }[];
    const off2 = waiting.find((p) => p.name === name);
    expect((await second.post(`/api/admin/proposals/${off2!.proposalId}/approve`)).status()).toBe(200);
    await second.dispose();
    await page.reload();
    await expect(row).toContainText("비활성");
    await expect(row).not.toContainText("승인 대기");
    const products = (await (await page.request.get("/api/admin/staking-products")).json()) as {
      name: string;
      annualRate: string;
      active: boolean;
      lockDays: number | null;
      minAmount: string;
    }[];
    expect(products.find((p) => p.name === name)).toMatchObject({
      annualRate: "6",
      active: false,
      lockDays: 30,
      minAmount: "10",
    });
    const audit = await (await page.request.get("/api/admin/audit?action=staking.product_create")).json();
    expect((audit.items as { memo: string | null }[]).some((r) => r.memo === "e2e 상품 생성")).toBe(true);

    // Staking records: the member filter lives in the URL and survives a reload.
    await page.goto("/admin/staking-records");
    // The first page of records has arrived: the screen is hydrated and its filter answers Enter.
    await expect(page.getByRole("cell", { name: "스왑(잠금)" }).first()).toBeVisible();
    await page.getByLabel("회원 아이디").fill("demo");
    await page.getByLabel("회원 아이디").press("Enter");
    await expect(page).toHaveURL(/member=demo/);
    await page.reload();
    await expect(page.getByLabel("회원 아이디")).toHaveValue("demo");
    await expect(page.getByRole("cell", { name: "스왑(잠금)" }).first()).toBeVisible();
  });

  test("a SUPERADMIN edits a member's referral code in /admin/signup-codes; an ADMIN sees no edit", async ({
    page,
    browser,
    baseURL,
  }) => {
    const m = await newMember(baseURL, "code");
    const code = (await (await m.ctx.get(`/api/users/by-id/${m.handle}`)).json()).refCode as string;
    await page.goto(`/admin/signup-codes?search=${m.handle}`);
    await expect(page.getByTestId(`code-${code}`)).toContainText(m.handle);
    await expect(page.getByRole("button", { name: `${code} 코드 수정` })).toHaveCount(0);

    const sp = await adminPage(browser, baseURL!, "superadmin");
    await sp.goto(`/admin/signup-codes?search=${m.handle}`);
    await sp.getByRole("button", { name: `${code} 코드 수정` }).click();
    const dialog = sp.getByRole("dialog", { name: `${m.handle} 추천인 코드 수정` });
    await dialog.getByLabel("추천인 코드").fill("WELCOME1");
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("이미 사용 중인 코드입니다.");
    const fresh = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
    await dialog.getByLabel("추천인 코드").fill(fresh);
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sp.getByRole("status").filter({ hasText: fresh })).toBeVisible();
    expect((await m.ctx.get(`/api/users/by-refcode/${fresh}`)).status()).toBe(200);
    await sp.context().close();
    await m.ctx.dispose();
  });

  test("CSV 내보내기 downloads the current filter of requests as UTF-8 with a BOM", async ({ page }) => {
    await page.goto("/admin/deposits?type=DEPOSIT");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "CSV 내보내기" }).click(),
    ]);
    const body = fs.readFileSync((await download.path()) as string);
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString("utf8");
    expect(text).toContain("DEPOSIT");
    expect(text).not.toMatch(/\bTRANSFER\b/);
  });

  test("a member opening an operational screen lands on /login", async ({ browser, baseURL }) => {
    const m = await newMember(baseURL, "nope");
    const ctx = await browser.newContext({ baseURL, storageState: await m.ctx.storageState() });
    const p = await ctx.newPage();
    for (const path of ["/admin/deposits", "/admin/audit"]) {
      await p.goto(path);
      await expect(p).toHaveURL(/\/login/);
      await expect(p.getByText("관리자만 접근할 수 있습니다.")).toBeVisible();
    }
    await ctx.close();
    await m.ctx.dispose();
  });

  const SCREENS = [
    "/admin/deposits",
    "/admin/id-reviews",
    "/admin/signup-codes",
    "/admin/staking-products",
    "/admin/staking-progress",
    "/admin/staking-records",
    "/admin/staking-rewards",
    "/admin/audit",
  ];
  for (const path of SCREENS) {
    test(`${path}: no serious accessibility violation, no sideways scroll at 390 px`, async ({ page }) => {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).last()).toBeVisible();
        await settle(page);
        const name = path.replace(/\W+/g, "-").replace(/^-/, "");
        await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
        if (width === 390) {
          const sideways = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(sideways, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
        }
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        const bad = violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .flatMap((v) => v.nodes.map((n) => `[${path} ${width}] ${v.id} ${n.target.join(" ")}: ${v.help}`));
        expect.soft(bad).toEqual([]);
      }
    });
  }
});
