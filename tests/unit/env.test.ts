import { afterEach, describe, expect, it, vi } from "vitest";
import { env, startupEnvProblem } from "@/lib/env";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The variables looked up in process.env while `fn` runs. */
function lookups(fn: () => unknown): string[] {
  const real = process.env;
  const seen: string[] = [];
  process.env = new Proxy(real, {
    get(target, key, receiver) {
      if (typeof key === "string") seen.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  try {
    fn();
  } finally {
    process.env = real;
  }
  return seen;
}

describe("env()", () => {
  it("reads one variable per property read, not the whole set (route handlers read it on every request)", () => {
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.1");
    expect(env().TRUSTED_PROXIES).toBe("10.0.0.1");
    expect(lookups(() => env().TRUSTED_PROXIES)).toEqual(["TRUSTED_PROXIES"]);
  });

  it("sees a variable changed after the first read, with its default when unset or empty", () => {
    vi.stubEnv("SIGNUP_LIMIT_PER_HOUR", "7");
    expect(env().SIGNUP_LIMIT_PER_HOUR).toBe(7);
    vi.stubEnv("SIGNUP_LIMIT_PER_HOUR", "9");
    expect(env().SIGNUP_LIMIT_PER_HOUR).toBe(9);
    vi.stubEnv("SIGNUP_LIMIT_PER_HOUR", "");
    expect(env().SIGNUP_LIMIT_PER_HOUR).toBe(20);
  });

  it("a malformed variable fails where it is read, naming it and not its value; the others still read", () => {
    vi.stubEnv("PRICE_TIMEOUT_MS", "soon-secret");
    expect(() => env().PRICE_TIMEOUT_MS).toThrow(/^Invalid environment: PRICE_TIMEOUT_MS$/);
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.2");
    expect(env().TRUSTED_PROXIES).toBe("10.0.0.2");
    // and the server does not start with it (lib/boot.ts checks every variable at start)
    expect(startupEnvProblem()).toMatch(/malformed PRICE_TIMEOUT_MS/);
    expect(startupEnvProblem()).not.toContain("soon-secret");
  });
});
