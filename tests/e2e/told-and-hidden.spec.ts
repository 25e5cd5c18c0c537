/**
 * Hidden rows and money notifications as a member sees them, at 390 × 844 against the production build: an
 * administrator credits a new member and hides the credit's history row. /notifications tells of the credit (Korean,
 * English); /wallet-history says one row is hidden and the transactions CSV has it, marked. Screenshots in
 * .test-data/screens/told-and-hidden/.
 */
import fs from "node:fs";
import { axe, noSidewaysScroll, settle } from "./checks";
import { staffRequest } from "./admin";
import { expect, test } from "./fixtures";

const SHOTS = ".test-data/screens/told-and-hidden";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Told-Pass-2026";

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

test("an administrator's credit is told; its hidden row is counted on the history and kept in the CSV", async ({
  page,
  baseURL,
}) => {
  const userId = `told${Date.now().toString(36)}`;
  expect(
    (
      await page.request.post("/api/signup", {
        data: { name: "알림회원", userId, password: PASSWORD, refId: "WELCOME1" },
      })
    ).status(),
  ).toBe(201);
  expect((await page.request.post("/api/login", { data: { userId, password: PASSWORD } })).status()).toBe(200);

  const admin = await staffRequest(baseURL, "admin");
  const list = await (await admin.get(`/api/admin/users/paginated?search=${userId}`)).json();
  const id = (list.users as { id: number; userId: string }[]).find((u) => u.userId === userId)!.id;
  const credit = await admin.patch(`/api/admin/users/${id}/coin`, {
    data: { symbol: "WLD", amount: "12.5", action: "DEPOSIT" },
  });
  expect(credit.status()).toBe(200);
  const rows = await (await admin.get(`/api/admin/users/${id}/transactions?limit=10`)).json();
  const row = (rows.items as { id: number; amount: string }[]).find((r) => r.amount === "12.5")!;
  expect((await admin.delete(`/api/admin/transactions/${row.id}`)).status()).toBe(200);
  await admin.dispose();

  await page.goto("/notifications");
  const item = page.getByTestId("notification-item").first();
  await expect(item).toContainText("관리자 지급");
  await expect(item).toContainText("관리자가 보유 잔액에 12.5 WLD만큼 지급했습니다.");
  await settle(page);
  await noSidewaysScroll(page, "notifications credit ko");
  await page.screenshot({ path: `${SHOTS}/inbox-ko.png` });

  await page.goto("/wallet-history");
  const hidden = page.getByTestId("tx-hidden-count");
  await expect(hidden).toHaveText(
    "관리자가 숨긴 거래 1건은 이 목록에 표시되지 않습니다. 거래 내역 CSV에는 숨김 표시와 함께 포함됩니다.",
  );
  await settle(page);
  await noSidewaysScroll(page, "history hidden ko");
  await axe(page, "history hidden ko");
  await page.screenshot({ path: `${SHOTS}/history-ko.png`, fullPage: true });
  const csv = await (await page.request.get(`/api/users/${userId}/export/transactions.csv`)).text();
  expect(csv).toContain(",관리자 지급,WLD,12.5,12.5,0,0,");
  expect(csv).toContain("숨김(관리자)");

  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  await page.goto("/wallet-history");
  await expect(page.getByTestId("tx-hidden-count")).toHaveText(
    "1 transaction hidden by an administrator is not listed here. The transactions CSV includes it, marked as hidden.",
  );
  await page.goto("/notifications");
  await expect(page.getByTestId("notification-item").first()).toContainText(
    "An administrator added 12.5 WLD to your holding balance.",
  );
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/inbox-en.png` });
});
