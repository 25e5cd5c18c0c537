/**
 * Console tables that fit and what waits, against the production build, as the seeded superadmin with data made through
 * the API (a funded member with a long name, a transfer and a deposit request, a rate proposal): at 1280 px the last
 * cell of every row of every admin table (the actions) is inside its box and the viewport — on screen, or held at the
 * right edge while the table scrolls; at 390 px the rows are cards and nothing scrolls sideways; no sidebar button
 * or link breaks a word (one line each, ko and en); the sidebar's counts show what waits and follow a new
 * request; an approval shows the member's rate now → the proposed one.
 */
import type { Browser, Page } from "@playwright/test";
import { noSidewaysScroll, settle } from "./checks";
import { expect, test } from "./fixtures";
import { adminPage } from "./admin";
import { signUpMember } from "./members";

const SCREENS = [
  "/admin/members",
  "/admin/deposits",
  "/admin/deposits/bank",
  "/admin/destinations",
  "/admin/travel-rule",
  "/admin/signup-codes",
  "/admin/staking-products",
  "/admin/staking-progress",
  "/admin/staking-records",
  "/admin/staking-rewards",
  "/admin/audit",
  "/admin/reconciliation",
];

test.use({ reducedMotion: "reduce" });

let member = "";
/** A funded member with a long name and two pending requests (once per worker). */
async function seed(browser: Browser, baseURL: string) {
  if (member) return member;
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  member = await signUpMember(page, {
    prefix: "tbl",
    name: "아주아주긴이름을가진테이블확인용회원입니다",
    password: "Tables1234!",
    funded: true,
  });
  const t = await page.request.post("/api/transfer-requests", {
    data: { coinSymbol: "WLD", amount: "5", type: "TRANSFER" },
  });
  expect(t.status(), await t.text()).toBe(201);
  const d = await page.request.post("/api/requests/deposit", { data: { coinSymbol: "WLD", amount: "30000" } });
  expect([201, 503], await d.text()).toContain(d.status());
  await ctx.close();
  return member;
}

/** Every body row's last cell (not a full-width message row) and where it is against its scroll box. */
async function actionCells(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLTableElement>("table.admin-table")).flatMap((table) => {
      const box = table.closest("section")!.getBoundingClientRect();
      return Array.from(table.tBodies).flatMap((body) =>
        Array.from(body.rows)
          .filter((row) => row.cells.length > 1)
          .map((row) => {
            // Brought into view (page scroll only) so that what covers it, if anything, can be seen.
            row.cells[row.cells.length - 1]!.scrollIntoView({ block: "center", inline: "nearest" });
            const cell = row.cells[row.cells.length - 1]!.getBoundingClientRect();
            const hit = document.elementFromPoint(cell.left + cell.width / 2, cell.top + Math.min(cell.height / 2, 20));
            return {
              table: table.closest("section")?.getAttribute("aria-label") ?? "",
              left: cell.left,
              right: cell.right,
              boxLeft: box.left,
              boxRight: box.right,
              viewport: window.innerWidth,
              onTop: !!hit && row.cells[row.cells.length - 1]!.contains(hit),
              inView: cell.top < window.innerHeight && cell.bottom > 0,
            };
          }),
      );
    }),
  );
}

test("at 1280 px every admin table's last (action) cell is inside its box and the viewport", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await seed(browser, baseURL!);
  const page = await adminPage(browser, baseURL!, "superadmin");
  let checked = 0;
  for (const path of SCREENS) {
    await page.goto(path);
    await settle(page);
    const cells = await actionCells(page);
    for (const c of cells) {
      const where = `${path} ${c.table}`;
      expect(c.right, `${where}: the last cell ends inside its box`).toBeLessThanOrEqual(c.boxRight + 1);
      expect(c.left, `${where}: the last cell starts inside its box`).toBeGreaterThanOrEqual(c.boxLeft - 1);
      expect(c.boxRight, `${where}: the box ends inside the viewport`).toBeLessThanOrEqual(c.viewport);
      if (c.inView) expect(c.onTop, `${where}: the last cell is not covered`).toBe(true);
    }
    checked += cells.length;
  }
  expect(checked).toBeGreaterThan(5);
  // The request queue's 승인/반려 are reachable for the member's request, and the long name is cut with a title.
  await page.goto(`/admin/deposits?status=PENDING`);
  await settle(page);
  const row = page.locator("tr", { hasText: member }).first();
  await expect(row.getByRole("button", { name: /승인/ }).first()).toBeInViewport();
  await expect(row.getByRole("button", { name: /반려/ }).first()).toBeInViewport();
  const name = row.locator("[title='아주아주긴이름을가진테이블확인용회원입니다']");
  await expect(name).toHaveCount(1);
  await page.context().close();
});

test("at 390 px the admin tables are cards and no page scrolls sideways", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  await seed(browser, baseURL!);
  const page = await adminPage(browser, baseURL!, "superadmin");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of SCREENS) {
    await page.goto(path);
    await settle(page);
    await noSidewaysScroll(page, `${path} 390`);
    const tables = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLTableElement>("table.admin-table")).map((t) => {
        const section = t.closest("section")!;
        const row = Array.from(t.tBodies[0]?.rows ?? []).find((r) => r.cells.length > 1);
        return {
          label: section.getAttribute("aria-label"),
          display: row ? getComputedStyle(row).display : "block",
          labelled: row ? Array.from(row.cells).every((c) => c.getAttribute("data-label") !== null) : true,
          overflow: section.scrollWidth - section.clientWidth,
        };
      }),
    );
    for (const t of tables) {
      expect(t.display, `${path} ${t.label}: a row is a card`).toBe("block");
      expect(t.labelled, `${path} ${t.label}: every cell carries its column's label`).toBe(true);
      expect(t.overflow, `${path} ${t.label}: the card does not scroll sideways`).toBeLessThanOrEqual(1);
    }
  }
  await page.context().close();
});

for (const locale of ["ko", "en"] as const) {
  test(`no sidebar link or button breaks a word (${locale}, 1280 px)`, async ({ browser, baseURL }) => {
    const page = await adminPage(browser, baseURL!, "superadmin", locale);
    await page.goto("/admin");
    await settle(page);
    const broken = await page.evaluate(() => {
      const nav = document.querySelector("nav")!;
      // A word broken over two lines puts one text node on two lines: count each text node's line tops.
      const lines = (el: Element) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let most = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!(node.textContent ?? "").trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          most = Math.max(most, tops.size);
        }
        return most;
      };
      return Array.from(nav.querySelectorAll("a, button"))
        .filter((el) => (el as HTMLElement).offsetParent !== null && (el.textContent ?? "").trim())
        .filter((el) => lines(el) > 1)
        .map((el) => (el.textContent ?? "").trim());
    });
    expect(broken, "nav texts on more than one line").toEqual([]);
    await page.context().close();
  });
}

test("the sidebar counts what waits and follows a new request; an approval shows current → proposed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await seed(browser, baseURL!);
  const page = await adminPage(browser, baseURL!, "superadmin");
  const waiting = async () =>
    (await (await page.request.get("/api/admin/waiting")).json()) as { requests: number; approvals: number };
  const before = await waiting();
  expect(before.requests).toBeGreaterThan(0);
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "관리자 메뉴" });
  await expect(nav.getByRole("img", { name: `요청 ${before.requests}건 대기` })).toBeVisible();
  await expect(nav.getByTestId("waiting-requests")).toHaveText(String(before.requests));

  // A new member's withdrawal request: the badge follows (polled, or on focus).
  const ctx = await browser.newContext({ baseURL });
  const other = await ctx.newPage();
  await signUpMember(other, { prefix: "tbw", name: "대기확인", password: "Tables1234!", funded: true });
  const w = await other.request.post("/api/transfer-requests", {
    data: { coinSymbol: "WLD", amount: "6", type: "WITHDRAW" },
  });
  expect(w.status(), await w.text()).toBe(201);
  await ctx.close();
  await expect(nav.getByTestId("waiting-requests")).toHaveText(String(before.requests + 1), { timeout: 45_000 });
  await expect(nav.getByRole("img", { name: `요청 ${before.requests + 1}건 대기` })).toBeVisible();

  // A member-rate proposal for a member without an own rate: the product's rate now → the proposed one.
  const users = (await (await page.request.get(`/api/admin/users/paginated?search=${member}`)).json()) as {
    users: { id: number; userId: string }[];
  };
  const target = users.users.find((u) => u.userId === member)!;
  const admin = await adminPage(browser, baseURL!, "admin");
  const p = await admin.request.patch(`/api/admin/users/${target.id}/staking-rate`, {
    data: { coinSymbol: "WLD", rate: "20", reason: "표 확인" },
  });
  expect(p.status(), await p.text()).toBe(202);
  const id = ((await p.json()) as { proposal: { id: number } }).proposal.id;
  await admin.context().close();
  await page.goto("/admin/approvals?status=PENDING");
  await settle(page);
  const change = page.getByTestId(`proposal-${id}`).getByTestId("proposal-change");
  await expect(change).toHaveText(/^\d+(\.\d+)?% \(상품 이율\) → 20%$/);
  await expect(nav.getByTestId("waiting-approvals")).toHaveText(String((await waiting()).approvals));
  await page.context().close();
});
