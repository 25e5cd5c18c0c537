/**
 * /admin/members against the production build: a SUPERADMIN walks every member action once
 * on a fresh member and checks each effect in the table or detail and through the API (memo in the audit row,
 * a coin deposit of 0 refused without a change); an ADMIN does not see the `역할` column; a USER is sent to
 * /login with the administrators-only message; page 2 survives a reload and the bare list resumes it; axe and
 * the 390 px sideways-scroll check. The admin logins are made once per file and reused (login throttle).
 * Screenshots at 390 and 1280 px go to ADMIN_SHOTS_DIR (default /tmp/wld-admin-members).
 */
import fs from "node:fs";
import { type APIRequestContext, type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import { staffState } from "./admin";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { axe, noSidewaysScroll, settle } from "./checks";

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? "/tmp/wld-admin-members";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Members-E2E-2026";

let seq = 0;
/** A fresh member, signed up with WELCOME1 and logged in on its own API context. */
async function newMember(baseURL: string | undefined, prefix = "mem") {
  seq += 1;
  const handle = `${prefix}${Date.now().toString(36)}${seq}`;
  const ctx = await playwrightRequest.newContext({ baseURL });
  const r = await ctx.post("/api/signup", {
    data: { name: "관리대상", userId: handle, password: PASSWORD, refId: "WELCOME1" },
  });
  expect(r.status(), await r.text()).toBe(201);
  expect((await ctx.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(200);
  return { handle, ctx };
}

const cell = (page: Page, handle: string, col: string) =>
  page.getByTestId(`member-row-${handle}`).locator(`[data-col="${col}"]`);

/** Opens the member's detail (if not open), then the action's dialog. */
async function openAction(page: Page, handle: string, action: string): Promise<Locator> {
  const detail = page.getByRole("dialog", { name: handle });
  if (!(await detail.isVisible())) await page.getByRole("button", { name: handle, exact: true }).click();
  await detail.getByRole("button", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: action });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Confirms a dialog and waits for it to close with its toast. */
async function confirm(page: Page, dialog: Locator, toast: string | RegExp) {
  await dialog.getByRole("button", { name: "확인", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: toast })).toBeVisible();
}

async function wld(api: APIRequestContext, handle: string) {
  const coins = (await (await api.get(`/api/users/coins/${handle}`)).json()) as { symbol: string; amount: string }[];
  return coins.find((c) => c.symbol === "WLD")?.amount ?? "0";
}

async function png() {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
}

test.use({ reducedMotion: "reduce" });

test.describe("as SUPERADMIN", () => {
  test.use({ storageState: async ({ baseURL }, use) => use(await staffState(baseURL!, "superadmin")) });

  test("every member action once on a fresh member, each effect in the table and through the API", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { handle, ctx: member } = await newMember(baseURL);
    const api = page.request;
    const id = (
      (await (await api.get(`/api/admin/users/paginated?search=${handle}`)).json()) as { users: { id: number }[] }
    ).users[0]!.id;

    await page.goto(`/admin/members?search=${handle}`);
    await expect(page.getByRole("heading", { level: 1, name: "회원 관리" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "역할" })).toBeVisible();
    for (const c of ["아이디", "이름", "전화번호", "신분증", "보유 WLD", "스테이킹 WLD", "가입일"])
      await expect(page.getByRole("columnheader", { name: c, exact: true })).toBeVisible();
    await expect(cell(page, handle, "role")).toHaveText("회원");

    // The userId opens the detail, whose heading holds it.
    await page.getByRole("button", { name: handle, exact: true }).click();
    await expect(page.getByRole("dialog", { name: handle }).getByRole("heading", { name: handle })).toBeVisible();

    // 전화번호 수정: empty is refused inside the dialog; a value with a memo lands in the row and the audit row.
    let d = await openAction(page, handle, "전화번호 수정");
    await d.getByLabel("전화번호").fill("");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("전화번호를 입력해주세요.");
    await d.getByLabel("전화번호").fill("010-5555-1234");
    await d.getByLabel("메모").fill("e2e 전화 확인");
    await confirm(page, d, "전화번호가 수정되었습니다.");
    await expect(page.getByRole("dialog", { name: handle }).getByTestId("detail-phone")).toHaveText("010-5555-1234");
    await page.keyboard.press("Escape");
    await expect(cell(page, handle, "phone")).toHaveText("010-5555-1234");
    const audit = (await (await api.get(`/api/admin/audit?target=${handle}`)).json()) as {
      items: { action: string; memo: string | null }[];
    };
    expect(audit.items.some((a) => a.memo === "e2e 전화 확인")).toBe(true);

    // 코인 지급 of 0: the validation message, nothing changes; then 100 with before → after.
    d = await openAction(page, handle, "코인 지급");
    await d.getByLabel("금액").fill("0");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("수량을 올바르게 입력해주세요.");
    await d.getByRole("button", { name: "취소", exact: true }).click();
    expect(await wld(api, handle)).toBe("0");
    await expect(cell(page, handle, "holding")).toHaveText("0");
    d = await openAction(page, handle, "코인 지급");
    await d.getByLabel("금액").fill("100");
    await expect(d.getByTestId("before-after")).toContainText("0");
    await expect(d.getByTestId("before-after")).toContainText("100");
    await confirm(page, d, "100 WLD를 지급했습니다.");
    await expect(page.getByRole("dialog", { name: handle }).getByTestId("detail-holding")).toHaveText("100");
    expect(await wld(api, handle)).toBe("100");

    // 무기록 조정 (회수 1) → 99, no history row.
    d = await openAction(page, handle, "무기록 조정");
    await d.getByRole("radio", { name: "회수" }).check();
    await d.getByLabel("금액").fill("1");
    await expect(d.getByTestId("before-after")).toContainText("99");
    await confirm(page, d, "1 WLD를 기록 없이 조정했습니다.");
    expect(await wld(api, handle)).toBe("99");

    // The member stakes 50 (their own swap); 스테이킹 회수 10 → staked 40.
    expect((await member.post(`/api/users/${handle}/swap`, { data: { amount: "50" } })).status()).toBe(200);
    await page.reload();
    d = await openAction(page, handle, "스테이킹 회수");
    await d.getByLabel("금액").fill("10");
    await expect(d.getByTestId("before-after")).toContainText("40");
    await confirm(page, d, "스테이킹 10 WLD를 회수했습니다.");
    await expect(page.getByRole("dialog", { name: handle }).getByTestId("detail-staked")).toHaveText("40");

    // 이율 변경: a negative or empty rate is refused; 12.5 becomes a four-eyes proposal (the memo is its reason,
    // SECURITY.md I39) that the ADMIN approves; then it is the member's rate.
    d = await openAction(page, handle, "이율 변경");
    await d.getByLabel("이율").fill("-1");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("이율은 0 이상의 숫자로 입력해주세요.");
    await d.getByLabel("이율").fill("12.5");
    await d.getByLabel("메모").fill("e2e 이율 조정");
    await confirm(page, d, "이율 12.5% 변경 승인 요청을 올렸습니다. 다른 관리자가 승인하면 반영됩니다.");
    const approver = await playwrightRequest.newContext({
      baseURL,
      storageState: await staffState(baseURL!, "admin"),
    });
    const pending = (await (await approver.get("/api/admin/proposals?status=PENDING&limit=100")).json()) as {
      items: { id: number; kind: string; target: { userId: string } | null }[];
    };
    const proposal = pending.items.find((p) => p.kind === "member_rate" && p.target?.userId === handle);
    expect((await approver.post(`/api/admin/proposals/${proposal!.id}/approve`)).status()).toBe(200);
    await approver.dispose();
    const stakes = (await (await api.get(`/api/admin/users/${id}/staking`)).json()) as {
      stakes: { coinSymbol: string; profit: string }[];
    };
    expect(Number(stakes.stakes.find((s) => s.coinSymbol === "WLD")?.profit)).toBe(12.5);

    // 이자 조정: 지급 5, then 회수 10 fails inside the dialog (not enough), 회수 2 → 3.
    d = await openAction(page, handle, "이자 조정");
    await expect(d.getByRole("radio", { name: "지급" })).toBeChecked();
    await d.getByLabel("금액").fill("5");
    await confirm(page, d, "이자 5 WLD를 조정했습니다.");
    await expect(page.getByRole("dialog", { name: handle }).getByTestId("detail-rewards")).toHaveText("5");
    d = await openAction(page, handle, "이자 조정");
    await d.getByRole("radio", { name: "회수" }).check();
    await d.getByLabel("금액").fill("10");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("잔액이 부족합니다.");
    await d.getByLabel("금액").fill("2");
    await confirm(page, d, "이자 2 WLD를 조정했습니다.");
    expect(((await (await api.get(`/api/admin/users/${id}/staking-profit`)).json()) as { profit: string }).profit).toBe(
      "3",
    );

    // 거래 내역: the credit is listed; 숨기기 hides it (the API says hidden).
    d = await openAction(page, handle, "거래 내역");
    const hideButtons = d.getByRole("button", { name: "숨기기" });
    await expect(hideButtons.first()).toBeVisible();
    const before = await hideButtons.count();
    await hideButtons.first().click();
    const hideDialog = page.getByRole("dialog", { name: "거래 숨기기" });
    await hideDialog.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "거래를 숨겼습니다." })).toBeVisible();
    d = page.getByRole("dialog", { name: "거래 내역" });
    await expect(d.getByText("숨김")).toHaveCount(1);
    await expect(d.getByRole("button", { name: "숨기기" })).toHaveCount(before - 1);
    const txs = (await (await api.get(`/api/admin/users/${id}/transactions`)).json()) as {
      items: { hidden: boolean }[];
    };
    expect(txs.items.filter((x) => x.hidden)).toHaveLength(1);
    await d.getByRole("button", { name: "닫기" }).first().click();

    // ID: the member uploads one; 신분증 보기 shows it; 신분증 반려 needs a reason; a new upload is approved.
    const up = await member.post("/api/upload-id", {
      multipart: { idImage: { name: "id.png", mimeType: "image/png", buffer: await png() } },
    });
    expect(up.status(), await up.text()).toBe(201);
    await page.reload();
    await expect(cell(page, handle, "idStatus")).toHaveText("심사 대기");
    d = await openAction(page, handle, "신분증 보기");
    await expect(d.getByRole("img", { name: `${handle} 회원의 신분증 이미지` })).toBeVisible();
    await d.getByRole("button", { name: "닫기" }).last().click();
    d = await openAction(page, handle, "신분증 반려");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("반려 사유를 입력해주세요.");
    await d.getByLabel("사유").fill("사진이 흐립니다");
    await confirm(page, d, "신분증이 반려되었습니다.");
    await page.keyboard.press("Escape");
    await expect(cell(page, handle, "idStatus")).toHaveText("반려");
    expect(
      (
        await member.post("/api/upload-id", {
          multipart: { idImage: { name: "id2.png", mimeType: "image/png", buffer: await png() } },
        })
      ).status(),
    ).toBe(201);
    await page.reload();
    d = await openAction(page, handle, "신분증 승인");
    await confirm(page, d, "신분증이 승인되었습니다.");
    await page.keyboard.press("Escape");
    await expect(cell(page, handle, "idStatus")).toHaveText("승인");
    expect(((await (await api.get(`/api/users/by-id/${handle}/certID`)).json()) as { CertID: boolean }).CertID).toBe(
      true,
    );

    // 지갑 초기화: the member's address is cleared.
    expect(
      (
        await member.post(`/api/users/by-id/${handle}/walletAddr`, {
          data: { walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7", currentPassword: PASSWORD },
        })
      ).status(),
    ).toBe(200);
    await page.reload();
    d = await openAction(page, handle, "지갑 초기화");
    await expect(d).toContainText("0x52908400098527886E0F7030069857D2E4169EE7");
    await confirm(page, d, "지갑 주소가 초기화되었습니다.");
    expect(
      ((await (await api.get(`/api/users/${handle}`)).json()) as { walletAddr: string | null }).walletAddr,
    ).toBeNull();

    // 역할 변경 (SUPERADMIN): granting ADMIN is a four-eyes proposal — the memo is its reason, and the row stays
    // USER until another SUPERADMIN approves it in /admin/approvals; USER is set at once.
    d = await openAction(page, handle, "역할 변경");
    await d.getByRole("radio", { name: "관리자", exact: true }).check();
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("다른 관리자의 승인이 필요한 변경입니다. 사유(메모)를 입력해주세요.");
    await d.getByLabel("메모").fill("e2e 운영 인력");
    await confirm(page, d, "승인 요청을 올렸습니다. 다른 관리자가 승인하면 반영됩니다.");
    await page.keyboard.press("Escape");
    await expect(cell(page, handle, "role")).toHaveText("회원");
    const grants = (await (await api.get("/api/admin/proposals?status=PENDING&limit=100")).json()) as {
      items: { kind: string; target: { userId: string } | null; payload: { role?: string } }[];
    };
    expect(
      grants.items.some((p) => p.kind === "role" && p.target?.userId === handle && p.payload.role === "ADMIN"),
    ).toBe(true);
    d = await openAction(page, handle, "역할 변경");
    await d.getByRole("radio", { name: "회원", exact: true }).check();
    await confirm(page, d, "역할이 일반 회원으로 변경되었습니다.");

    // 추천인 코드 수정 (SUPERADMIN): a code in use is refused with its message; a free one is kept.
    d = await openAction(page, handle, "추천인 코드 수정");
    await d.getByLabel("추천인 코드").fill("DEMO8KTR");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    await expect(d.getByRole("alert")).toHaveText("이미 사용 중인 코드입니다.");
    const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
    await d.getByLabel("추천인 코드").fill(code);
    await confirm(page, d, "추천인 코드가 수정되었습니다.");
    await expect(page.getByRole("dialog", { name: handle }).getByTestId("detail-refcode")).toHaveText(code);

    // 임시 비밀번호 발급 (SUPERADMIN): shown once, and it signs the member in.
    d = await openAction(page, handle, "임시 비밀번호 발급");
    await d.getByRole("button", { name: "확인", exact: true }).click();
    const temp = (await d.getByTestId("temp-password").textContent())?.trim() ?? "";
    expect(temp.length).toBeGreaterThanOrEqual(8);
    await expect(d.getByRole("button", { name: "확인", exact: true })).toHaveCount(0);
    await d.getByRole("button", { name: "닫기" }).last().click();
    // … and nothing else answers until the member sets their own password: every page leads to 새 비밀번호 설정.
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "ko-KR" });
    const mp = await phone.newPage();
    expect((await mp.request.post("/api/login", { data: { userId: handle, password: temp } })).status()).toBe(200);
    const blocked = await mp.request.get(`/api/users/by-id/${handle}`);
    expect(blocked.status()).toBe(403);
    expect(((await blocked.json()) as { code: string }).code).toBe("PASSWORD_CHANGE_REQUIRED");
    await mp.goto("/home");
    await expect(mp).toHaveURL(/\/settings\/password$/);
    await expect(mp.getByRole("heading", { level: 1, name: "새 비밀번호 설정" })).toBeVisible();
    await expect(mp.getByRole("navigation")).toHaveCount(0);
    await axe(mp, "forced password change");
    await noSidewaysScroll(mp, "forced password change 390");
    await mp.screenshot({ path: `${SHOTS}/forced-password-change-390.png`, fullPage: true });
    await mp.getByLabel("임시 비밀번호", { exact: true }).fill(temp);
    await mp.getByLabel("새 비밀번호", { exact: true }).fill(`${PASSWORD}-new`);
    await mp.getByLabel("새 비밀번호 확인", { exact: true }).fill(`${PASSWORD}-new`);
    await mp.getByRole("button", { name: "변경하고 계속하기" }).click();
    await expect(mp).toHaveURL(/\/home$/);
    expect((await mp.request.get(`/api/users/by-id/${handle}`)).status()).toBe(200);
    await phone.close();

    // 회원 삭제: 확인 stays disabled until the userId is typed; the member leaves the list.
    d = await openAction(page, handle, "회원 삭제");
    await expect(d.getByRole("button", { name: "확인", exact: true })).toBeDisabled();
    await d.getByLabel("확인을 위해 회원 아이디 입력").fill(`${handle}x`);
    await expect(d.getByRole("button", { name: "확인", exact: true })).toBeDisabled();
    await d.getByLabel("확인을 위해 회원 아이디 입력").fill(handle);
    await confirm(page, d, `${handle} 회원이 삭제(비활성화)되었습니다.`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId(`member-row-${handle}`)).toHaveCount(0);
    expect(
      ((await (await api.get(`/api/admin/users/paginated?search=${handle}`)).json()) as { total: number }).total,
    ).toBe(0);
    await member.dispose();
  });

  test("page 2 survives a reload, the bare list resumes it; pager in groups with aria-current", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const prefix = `pg${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 11; i++) {
      const m = await newMember(baseURL, prefix);
      made.push(m.handle);
      await m.ctx.dispose();
    }
    await page.goto(`/admin/members?search=${prefix}`);
    await expect(page.getByTestId("members-total")).toHaveText("11명");
    await expect(page.locator("tbody tr")).toHaveCount(10);
    const pager = page.getByRole("navigation", { name: "페이지" });
    await expect(pager.getByRole("button", { name: "1", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("button", { name: "이전" })).toBeDisabled();
    await expect(pager.getByRole("button", { name: "다음" })).toBeDisabled();
    await pager.getByRole("button", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${prefix}.*page=2|page=2.*search=${prefix}`));
    // Newest first: page 2 holds the first one made.
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByRole("button", { name: made[0]!, exact: true })).toBeVisible();
    await page.reload();
    await expect(pager.getByRole("button", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: made[0]!, exact: true })).toBeVisible();
    await expect(page.getByLabel("검색")).toHaveValue(prefix);
    expect(await page.evaluate(() => localStorage.getItem("admin.members.page"))).toBe("2");
    // The bare URL resumes the stored page; back returns to the search.
    await page.goto("/admin/members");
    await expect(page).toHaveURL(/\/admin\/members\?page=2$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`search=${prefix}`));
    await expect(page.getByRole("button", { name: made[0]!, exact: true })).toBeVisible();

    // A search and a phone filter narrow the list (the stored page resuming shows the screen is live).
    await page.goto("/admin/members");
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("tbody tr").first()).toBeVisible();
    await page.getByLabel("검색").fill(made[3]!);
    await page.getByRole("button", { name: "조회" }).click();
    await expect(page).toHaveURL(new RegExp(`search=${made[3]}`));
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.getByLabel("전화번호").fill("999-no-such");
    await page.getByRole("button", { name: "조회" }).click();
    await expect(page.getByText("조건에 맞는 회원이 없습니다.")).toBeVisible();
  });

  test("axe and 390 px on the members list and the detail dialog; screenshots at 390 and 1280", async ({ page }) => {
    await page.goto("/admin/members?search=demo");
    await expect(page.getByRole("heading", { level: 1, name: "회원 관리" })).toBeVisible();
    await axe(page, "/admin/members 390");
    await noSidewaysScroll(page, "/admin/members 390");
    await page.screenshot({ path: `${SHOTS}/members-390.png`, fullPage: true });
    await page.getByRole("button", { name: "demo", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "demo" })).toBeVisible();
    await axe(page, "/admin/members detail 390");
    await page.screenshot({ path: `${SHOTS}/members-detail-390.png` });
    const d = await openAction(page, "demo", "코인 지급");
    await d.getByLabel("금액").fill("12.5");
    await axe(page, "/admin/members coin dialog 390");
    await page.screenshot({ path: `${SHOTS}/members-coin-390.png` });
    await d.getByRole("button", { name: "취소" }).click();
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/members?search=demo");
    await settle(page);
    await axe(page, "/admin/members 1280");
    await noSidewaysScroll(page, "/admin/members 1280");
    await page.screenshot({ path: `${SHOTS}/members-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "demo", exact: true }).click();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/members-detail-1280.png` });
  });
});

test.describe("as ADMIN", () => {
  test.use({ storageState: async ({ baseURL }, use) => use(await staffState(baseURL!, "admin")) });

  test("an ADMIN sees no 역할 column and no SUPERADMIN-only actions", async ({ page }) => {
    await page.goto("/admin/members?search=demo");
    await expect(page.getByRole("columnheader", { name: "아이디" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "가입일" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "역할" })).toHaveCount(0);
    await page.getByRole("button", { name: "demo", exact: true }).click();
    const detail = page.getByRole("dialog", { name: "demo" });
    await expect(detail.getByRole("button", { name: "코인 지급" })).toBeVisible();
    for (const name of ["역할 변경", "추천인 코드 수정", "임시 비밀번호 발급"])
      await expect(detail.getByRole("button", { name })).toHaveCount(0);
  });
});

test("a USER opening /admin/members lands on /login with the administrators-only message", async ({
  page,
  baseURL,
}) => {
  const { ctx } = await newMember(baseURL, "usr");
  await page.context().addCookies((await ctx.storageState()).cookies);
  await ctx.dispose();
  const seen: string[] = [];
  page.on("dialog", async (d) => {
    seen.push(d.message());
    await d.accept();
  });
  await page.goto("/admin/members");
  await expect(page).toHaveURL(/\/login\?denied=admin$/);
  await expect(page.getByRole("alert").filter({ hasText: "관리자만 접근할 수 있습니다." })).toBeVisible();
  await expect(page.getByLabel("아이디")).toBeEditable();
  page.removeAllListeners("dialog");
});
