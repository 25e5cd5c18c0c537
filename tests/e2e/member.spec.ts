/**
 * Member screens against the production build with the seeded `demo` member (ID approved,
 * holds and stakes WLD, OP wallet address): home, wallet (total, tabs, swap, transfer modal),
 * history, settings, English, and no sideways scrolling at 360 px.
 */
import fs from "node:fs";
import Big from "big.js";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const SHOTS = process.env.MEMBER_SHOTS_DIR ?? "/tmp/wld-member-screens";
fs.mkdirSync(SHOTS, { recursive: true });

async function login(page: Page, userId = "demo", password = "Demo1234!") {
  const res = await page.goto("/login");
  const userField = page.getByLabel("아이디", { exact: true });
  if (res?.ok() && (await userField.count()) > 0) {
    await userField.fill(userId);
    await page.getByLabel("비밀번호", { exact: true }).fill(password);
    await page.getByRole("button", { name: "로그인" }).click();
    await page.waitForURL("**/home");
  } else {
    const r = await page.request.post("/api/login", { data: { userId, password } });
    expect(r.status()).toBe(200);
    await page.goto("/home");
  }
}

/** "1,234.5 WLD" → an exact decimal */
const wld = (text: string | null) => new Big((text ?? "").replace(/[^\d.-]/g, ""));

test.describe("the demo member", () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test("home shows the verified banner, the WLD price and the chart", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "홈" })).toBeVisible();
    await expect(page.getByRole("link", { name: "설정" })).toBeVisible();
    await expect(page.getByRole("button", { name: /World ID 인증 완료/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /1,000 WLD 보상 수령 완료/ })).toBeVisible();
    await expect(page.getByText(/₩\s?[\d,]+/).first()).toBeVisible();
    // No "World ID 1개" card: it said nothing a member could use.
    await expect(page.getByTestId("world-id-count")).toHaveCount(0);
    await expect(page.getByTestId("wld-price")).toContainText("₩");
    for (const r of ["1일", "1주", "1개월"]) await expect(page.getByRole("button", { name: r })).toBeVisible();
    await expect(page.locator("canvas").first()).toBeVisible();
    await page.getByRole("button", { name: "1주" }).click();
    await page.getByRole("button", { name: /World ID 인증 완료/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "이미 인증된 회원입니다." })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home.png`, fullPage: true });
  });

  test("the bottom tabs are plain links that prefetch and switch screens without reloading the page", async ({
    page,
  }) => {
    const prefetched: string[] = [];
    page.on("request", (r) => {
      // The App Router's prefetch and navigation requests carry the RSC header.
      if (r.headers().rsc === "1") prefetched.push(new URL(r.url()).pathname);
    });
    await page.goto("/home");
    const tabs = page.getByRole("navigation", { name: "주요 메뉴" });
    const wallet = tabs.getByRole("link", { name: "지갑" });
    await expect(wallet).toHaveAttribute("href", "/wallet");
    await expect(tabs.getByRole("link", { name: "홈" })).toHaveAttribute("aria-current", "page");
    // On screen, so the router fetches the wallet's page ahead of the tap.
    await expect.poll(() => prefetched.includes("/wallet")).toBe(true);
    // A marker on the window survives a client-side navigation, not a page load.
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await wallet.click();
    await page.waitForURL("**/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "지갑" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "지갑" })).toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    // A modified click is the browser's (a new tab): this page stays where it is.
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      tabs.getByRole("link", { name: "홈" }).click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe("/home");
    await popup.close();
    expect(new URL(page.url()).pathname).toBe("/wallet");
  });

  test("home and wallet carry the member's figures in their HTML, before any script runs", async ({ page }) => {
    // The page's own request, with the session cookie, as a browser's first load sees it (no JavaScript).
    const home = await (await page.request.get("/home")).text();
    expect(home).toMatch(/data-testid="home-total-wld"[^>]*>[\d,]+(\.\d{1,2})?(<!-- -->)? WLD</);
    expect(home).toMatch(/data-testid="wld-price"[^>]*>₩[\d,]+/);
    expect(home).not.toContain('data-testid="home-summary-loading"');
    const wallet = await (await page.request.get("/wallet")).text();
    // The count-up starts from ₩0 on the screen; screen readers (and the HTML) have the final figure at once.
    expect(wallet).toMatch(/data-testid="wallet-total"[^>]*>₩0<\/span><span class="sr-only">₩(<!-- -->)?[1-9][\d,]*</);
    // Once the scripts run, the page does not fetch what the server already sent.
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/(users|price\/WLD$|prices$)/.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-total")).toHaveAttribute("data-final", "true");
    expect(fetched).toEqual([]);
  });

  test("wallet counts up the total and shows its three tabs", async ({ page }) => {
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "지갑" })).toBeVisible();
    const total = page.getByTestId("wallet-total");
    await expect(total).toHaveAttribute("data-final", "true");
    const text = (await total.textContent()) ?? "";
    expect(text).toMatch(/^₩[\d,]+$/);
    expect(wld(text).gt(0)).toBe(true);
    await expect(page.getByRole("tab", { name: "World" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "초대 링크 복사" })).toBeVisible();
    await page.getByRole("tab", { name: "코인" }).click();
    // The protected lock has ended (2025-07-27): no "0일 0시간 0분 0초" card.
    await expect(page.getByTestId("coins-total")).toBeVisible();
    await expect(page.getByTestId("lock-countdown")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("0일 0시간 0분 0초");
    await expect(page.getByTestId("coins-total")).toContainText("₩");
    await page.getByRole("tab", { name: "스테이킹" }).click();
    await expect(page.getByTestId("holding-wld")).toBeVisible();
    // Daily rewards come 4 at a time; scrolling to the list's bottom loads the next page (5 seeded days).
    const history = page.getByTestId("reward-history");
    await expect(history.getByRole("listitem")).toHaveCount(4);
    await history.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => history.getByRole("listitem").count()).toBeGreaterThan(4);
    await page.screenshot({ path: `${SHOTS}/wallet-staking.png`, fullPage: true });
  });

  test("swapping 1 WLD moves it from holding to staked", async ({ page }) => {
    await page.goto("/wallet");
    await page.getByRole("tab", { name: "스테이킹" }).click();
    const holding = page.getByTestId("holding-wld");
    const staked = page.getByTestId("staked-wld");
    await expect(holding).toBeVisible();
    const h0 = wld(await holding.textContent());
    const s0 = wld(await staked.textContent());

    await page.getByRole("button", { name: "스왑", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "WLD 스왑" });
    const field = dialog.getByLabel("스왑 수량 (WLD)");
    const confirm = dialog.getByRole("button", { name: "확인" });
    await field.fill("0");
    await expect(confirm).toBeDisabled();
    await field.fill(h0.add(1).toFixed());
    await expect(dialog.getByText("출금 가능 코인 수량보다 많습니다.")).toBeVisible();
    await expect(confirm).toBeDisabled();
    await field.fill("1");
    await page.screenshot({ path: `${SHOTS}/wallet-swap-modal.png` });
    await confirm.click();
    await expect(dialog.getByText(/보호 잠금/).first()).toBeVisible();
    await dialog.getByRole("button", { name: "스왑하기" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => wld(await holding.textContent()).toFixed()).toBe(h0.sub(1).toFixed());
    expect(wld(await holding.textContent()).toFixed()).toBe(h0.sub(1).toFixed());
    expect(wld(await staked.textContent()).toFixed()).toBe(s0.add(1).toFixed());
  });

  test("withdraw opens the transfer modal with fee and spendable amount", async ({ page }) => {
    await page.goto("/wallet");
    await page.getByRole("tab", { name: "스테이킹" }).click();
    const s = wld(await page.getByTestId("staked-wld").textContent());
    await page.getByRole("button", { name: "출금" }).click();
    const dialog = page.getByRole("dialog", { name: "출금 신청" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("transfer-fee")).toHaveText("0.2 WLD");
    const spendable = s.sub("0.2").round(2, Big.roundDown);
    expect(wld(await dialog.getByTestId("transfer-spendable").textContent()).toFixed()).toBe(spendable.toFixed());
    const field = dialog.getByLabel("출금 수량 (WLD)");
    await field.fill("4.99");
    await expect(dialog.getByText("최소 5 이상 입력해야 합니다.")).toBeVisible();
    await field.fill(spendable.add("0.01").toFixed());
    // The Withdraw modal's limit message is the spec's 'more than holding'.
    await expect(dialog.getByText("보유 수량보다 많습니다.")).toBeVisible();
    await field.fill("5");
    await expect(dialog.getByTestId("transfer-total")).toContainText("5.2 WLD");
    await page.screenshot({ path: `${SHOTS}/wallet-transfer-modal.png` });
  });

  test("a transfer request reserves amount + fee, blocks a second one, and cancels from history", async ({ page }) => {
    await page.goto("/wallet");
    await page.getByRole("tab", { name: "스테이킹" }).click();
    const staked = page.getByTestId("staked-wld");
    await expect(staked).toBeVisible();
    const s0 = wld(await staked.textContent());

    await page.getByRole("button", { name: "출금" }).click();
    let dialog = page.getByRole("dialog", { name: "출금 신청" });
    await dialog.getByLabel("출금 수량 (WLD)").fill("5");
    const next = dialog.getByRole("button", { name: "다음" });
    await expect(next).toBeEnabled();
    await next.click();
    await dialog.getByRole("button", { name: "출금 신청" }).click();
    await expect(dialog.getByTestId("receipt-status")).toHaveText("대기 중");
    await dialog.getByRole("button", { name: "확인" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => wld(await staked.textContent()).toFixed()).toBe(s0.sub("5.2").toFixed());

    await page.getByRole("button", { name: "출금" }).click();
    dialog = page.getByRole("dialog", { name: "출금 신청" });
    await expect(dialog.getByText("같은 코인/유형의 요청이 이미 대기 중입니다.")).toBeVisible();
    await dialog.getByLabel("출금 수량 (WLD)").fill("5");
    await expect(dialog.getByRole("button", { name: "다음" })).toBeDisabled();
    await page.keyboard.press("Escape");

    await page.goto("/wallet-history");
    const requests = page.getByTestId("request-list");
    await expect(requests.getByText(/대기 중/)).toBeVisible();
    await requests.getByRole("button", { name: /취소/ }).click();
    // The cancel asks first.
    await page.getByRole("alertdialog").getByRole("button", { name: "신청 취소", exact: true }).click();
    await expect(requests.getByText(/취소됨/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/wallet-history-requests.png`, fullPage: true });

    await page.goto("/wallet");
    await page.getByRole("tab", { name: "스테이킹" }).click();
    await expect.poll(async () => wld(await staked.textContent()).toFixed()).toBe(s0.toFixed());
  });

  test("history lists the member's transactions", async ({ page }) => {
    await page.goto("/wallet-history");
    await expect(page.getByRole("heading", { level: 1, name: "거래 내역" })).toBeVisible();
    const list = page.getByTestId("tx-list");
    await expect(list.getByRole("listitem").first()).toBeVisible();
    await expect(list.getByText("입금").first()).toBeVisible();
    await expect(list.getByText(/\+1,000 WLD/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/wallet-history.png`, fullPage: true });
  });

  test("settings shows the version label and switches to English", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByTestId("app-version")).toHaveText("2.8.8300");
    await page.getByRole("button", { name: "지갑 주소 설정" }).click();
    await expect(page.getByTestId("registered-wallet")).toContainText("Upbit");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Staking" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/wallet-en.png`, fullPage: true });
    await page.goto("/settings");
    await page.getByRole("button", { name: "한국어" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "설정" })).toBeVisible();
  });

  test("world ID shows the handle, status and guide", async ({ page }) => {
    await page.goto("/world-id");
    await expect(page.getByTestId("member-handle")).toHaveText("@demo");
    await expect(page.getByTestId("id-status")).toHaveText("인증 완료");
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
    await page.getByRole("button", { name: "다음 단계" }).click();
    await expect(page.getByText("승인 대기", { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/world-id.png`, fullPage: true });
  });

  test("no member screen scrolls sideways at 360 px, in Korean or English", async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const fits = async (where: string) => {
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scroll, `${where} at 360 px`).toBeLessThanOrEqual(client);
    };
    for (const locale of ["ko", "en"]) {
      if (locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
      for (const path of ["/home", "/wallet", "/world-id", "/settings", "/wallet-history", "/transfer-request"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await fits(`${locale} ${path}`);
      }
      await page.goto("/wallet");
      for (const tab of locale === "ko" ? ["스테이킹", "코인"] : ["Staking", "Coin"]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.waitForLoadState("networkidle");
        await fits(`${locale} /wallet ${tab}`);
      }
    }
    await page.getByRole("tab", { name: "Staking" }).click();
    await page.screenshot({ path: `${SHOTS}/wallet-360-en.png`, fullPage: true });
    await context.clearCookies({ name: "NEXT_LOCALE" });
  });
});

test.describe("a new, unverified member", () => {
  const userId = `m${Date.now().toString(36)}`;
  const password = "Strong-Pass-42!";

  test.beforeAll(async ({ request }) => {
    const r = await request.post("/api/signup", {
      data: { name: "새회원", userId, password, passwordConfirm: password, phone: "", refId: "WELCOME1" },
    });
    expect(r.status()).toBe(201);
  });

  test.beforeEach(async ({ page }) => {
    await login(page, userId, password);
  });

  test("home sends them to /verify and the wallet asks for ID approval first", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByTestId("home-first-step")).toContainText("신분증 인증하고 1,000 WLD 받기");
    // One ID prompt: the first-step card's button, no second banner.
    await expect(page.getByRole("button", { name: /World ID 인증하기/ })).toHaveCount(0);
    await page.getByTestId("home-first-step").getByRole("link", { name: "신분증 인증 시작하기" }).click();
    await expect(page).toHaveURL(/\/verify$/);

    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-total")).toHaveAttribute("data-final", "true");
    // The protected lock (2025-07-27 18:00 KST) has ended: the deposit button opens the Buy modal.
    await page.getByRole("button", { name: "입금" }).click();
    await expect(page.getByRole("dialog", { name: "WLD 구매" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "출금" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "신분증 승인 후 이용해주세요." })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/world-id");
    await expect(page.getByTestId("id-status")).toHaveText("미인증");
  });

  test("settings registers a wallet address once and checks the password fields", async ({ page }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "지갑 주소 설정" }).click();
    const dialog = page.getByRole("dialog", { name: "지갑 주소 설정" });
    await dialog.getByRole("button", { name: "등록" }).click();
    await expect(dialog.getByText("네트워크, 거래소, 지갑 주소, 현재 비밀번호를 모두 입력해주세요.")).toBeVisible();
    await dialog.getByLabel("네트워크").selectOption("OP");
    const exchange = dialog.getByLabel("거래소");
    // Exactly the exchanges an administrator allows on OP (the foreign ones are blocked, SECURITY.md J43), after the
    // prompt.
    const allowed: string[] = (await (await page.request.get("/api/exchanges")).json()).OP;
    expect(allowed).toContain("Upbit");
    await expect(exchange.locator("option")).toHaveCount(allowed.length + 1);
    expect((await exchange.locator("option").allTextContents()).slice(1)).toEqual(allowed);
    await exchange.selectOption("Upbit");
    await dialog.getByLabel("지갑 주소").fill("0x52908400098527886E0F7030069857D2E4169EE7");
    await dialog.getByLabel("현재 비밀번호").fill("not-my-password");
    await dialog.getByRole("button", { name: "등록" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect(page.getByTestId("registered-wallet")).toHaveCount(0);
    await dialog.getByLabel("현재 비밀번호").fill(password);
    await dialog.getByRole("button", { name: "등록" }).click();
    await expect(page.getByText("지갑 주소가 등록되었습니다.")).toBeVisible();
    await page.getByRole("button", { name: "지갑 주소 설정" }).click();
    await expect(page.getByTestId("registered-wallet")).toContainText("0x52908400098527886E0F7030069857D2E4169EE7");
    await page.screenshot({ path: `${SHOTS}/settings-wallet-modal.png` });
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "비밀번호 변경" }).click();
    const pw = page.getByRole("dialog", { name: "비밀번호 변경" });
    await pw.getByLabel("현재 비밀번호").fill(password);
    await pw.getByLabel("새 비밀번호", { exact: true }).fill("Another-Pass-77!");
    await pw.getByLabel("새 비밀번호 확인").fill("Another-Pass-78!");
    await pw.getByRole("button", { name: "변경" }).click();
    await expect(pw.getByText("비밀번호를 올바르게 입력해주세요.")).toBeVisible();
  });

  test("the transfer-request page checks the amount and shows the server's answer", async ({ page }) => {
    await page.goto("/transfer-request");
    await expect(page.getByLabel("사용자")).toHaveValue(userId);
    await page.getByLabel("수량").fill("0.5");
    await page.getByRole("button", { name: "신청하기" }).click();
    await expect(page.getByText("최소 5 이상 입력해야 합니다.")).toBeVisible();
    await page.getByLabel("수량").fill("5");
    await page.getByRole("button", { name: "신청하기" }).click();
    await expect(page.getByText("신분증 승인 후 이용해주세요.")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/transfer-request.png` });
  });
});

test("a member whose session ends is sent to /login", async ({ page }) => {
  await login(page);
  await page.goto("/wallet");
  await expect(page.getByTestId("wallet-total")).toBeVisible();
  await page.getByRole("link", { name: "World ID" }).click();
  await page.getByRole("button", { name: "로그아웃" }).click();
  // Logout asks first.
  await page.getByRole("alertdialog", { name: "로그아웃할까요?" }).getByRole("button", { name: "로그아웃" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("userId"))).toBeNull();
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);
});

test("a guest is sent to /login from member pages", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/login/);
  await ctx.close();
});
