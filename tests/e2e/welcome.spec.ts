import { expect, test } from "./fixtures";

test("the welcome screen greets a guest in Korean", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "회원가입" }).or(page.getByRole("button", { name: "회원가입" })),
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: "로그인" }).or(page.getByRole("button", { name: "로그인" })),
  ).toBeVisible();
});

test("the health endpoint reports the embedded database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ ok: true, db: "pglite" });
  expect(Object.keys(body).sort()).toEqual(["db", "dbLatencyMs", "ok", "price"]);
});
