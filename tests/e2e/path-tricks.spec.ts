/**
 * SECURITY C20–C21 on the real server: path variants, encodings, methods and the middleware-bypass
 * header never reach member data without authorization. The handlers authorize themselves, so even a
 * variant that slipped past middleware.ts would be refused.
 */
import http from "node:http";
import { expect, test } from "./fixtures";

const BYPASS = { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" };

const HEADER_SETS: Record<string, string>[] = [{}, BYPASS, { "x-user-id": "demo", "x-role": "SUPERADMIN" }];

/** A status that carries no data: refused, not found, redirected or method not allowed. */
const refused = (status: number) => [301, 307, 308, 400, 401, 403, 404, 405].includes(status);

/** Sends the path byte for byte (no client-side URL normalization of dots, double slashes or case). */
function status(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("C20/C21 a guest gets no member data through path variants, encodings, methods or the bypass header", async ({
  baseURL,
}) => {
  const variants = [
    "/api/users/by-id/demo/coins",
    "/api/users/by-id/demo/coins/",
    "/api/users/by-id/DEMO/coins",
    "/API/users/by-id/demo/coins",
    "/api/users/by-id/demo%2Fcoins",
    "/api/users/by-id/x/../demo/coins",
    "/api/users/by-id/x/%2e%2e/demo/coins",
    "//api/users/by-id/demo/coins",
    "/api/users/by-id/demo/coins?userId=demo",
    "/api/admin/users/paginated",
    "/api/admin/users/paginated/",
    "/api/transactions/by-id/demo",
  ];
  for (const path of variants) {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      for (const headers of HEADER_SETS) {
        const r = await status(baseURL!, method, path, headers);
        expect(
          refused(r.status) || (method === "OPTIONS" && r.status === 204),
          `${method} ${path} ${JSON.stringify(headers)} → ${r.status}`,
        ).toBe(true);
        expect(r.body, `${method} ${path}`).not.toMatch(/"symbol"|"amount"|"users"\s*:\s*\[/);
      }
    }
  }
});

test("C20 member pages redirect a guest to /login even with the bypass header", async ({ request }) => {
  for (const path of ["/home", "/wallet", "/admin", "/admin/members", "/HOME"]) {
    const r = await request.get(path, { headers: BYPASS, maxRedirects: 0, failOnStatusCode: false });
    if (r.status() === 404) continue; // a path that does not exist has nothing to show
    expect([307, 308], `${path} → ${r.status()}`).toContain(r.status());
    expect(r.headers().location ?? "").toMatch(/\/login/);
  }
});

test("C21 a member cannot reach another member's data by changing case or encoding the handle", async ({
  request,
  baseURL,
}) => {
  const login = await request.post("/api/login", { data: { userId: "demo", password: "Demo1234!" } });
  expect(login.status()).toBe(200);
  const cookie = (login.headers()["set-cookie"] ?? "").split(";")[0] ?? "";
  for (const path of [
    "/api/users/by-id/admin/coins",
    "/api/users/by-id/ADMIN/coins",
    "/api/users/by-id/%61dmin/coins",
    "/api/users/by-id/demo/../admin/coins",
  ]) {
    const r = await status(baseURL!, "GET", path, { cookie });
    expect([403, 404], `${path} → ${r.status}`).toContain(r.status);
  }
  // …while their own data answers.
  expect((await status(baseURL!, "GET", "/api/users/by-id/demo/coins", { cookie })).status).toBe(200);
});
