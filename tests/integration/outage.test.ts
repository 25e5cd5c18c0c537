import { afterAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { closeDb } from "@/db/client";
import { call } from "../support/http";

describe("D25/F31 database outage", () => {
  const saved = { url: process.env.DATABASE_URL, dir: process.env.DATA_DIR };
  afterAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = saved.url;
    process.env.DATA_DIR = saved.dir;
  });

  it("answers 503 with Retry-After and a generic message, no internals", async () => {
    const ok = await call(health, "GET", "/api/health");
    expect(ok.status).toBe(200);

    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nowhere"; // nothing listens on port 1
    const res = await call(health, "GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.body.code).toBe("SERVICE_UNAVAILABLE");
    expect(res.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres|stack/i);
  });
});
