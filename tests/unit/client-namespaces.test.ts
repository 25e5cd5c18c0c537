/**
 * Each part of the app serializes only some message namespaces into its pages (lib/i18n/messages.ts
 * CLIENT_NAMESPACES). A client component that reads a namespace its part does not ship would throw in the
 * browser: every useTranslations("Namespace…") under a part's folders must name one that part ships.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_NAMESPACES } from "@/lib/i18n/messages";

const root = path.resolve(import.meta.dirname, "../..");

function files(rel: string): string[] {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(full, f))
    .filter((f) => /\.tsx?$/.test(f));
}

function namespacesUsed(paths: string[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const p of paths.flatMap(files)) {
    const text = fs.readFileSync(p, "utf8");
    if (!text.includes('"use client"')) continue;
    for (const m of text.matchAll(/useTranslations\("([A-Za-z]+)/g)) used.set(m[1]!, path.relative(root, p));
  }
  return used;
}

const AREAS = {
  public: ["app/page.tsx", "app/login", "app/signup", "app/error.tsx", "components/auth", "components/ui"],
  member: [
    "app/(member)",
    "components/member",
    "components/wallet",
    "components/prices",
    "components/kyc",
    "components/auth",
    "components/ui",
  ],
  admin: ["app/admin", "components/admin", "components/admin-ops", "components/auth", "components/ui"],
} as const;

describe("client message namespaces per area", () => {
  it.each(Object.keys(AREAS) as (keyof typeof AREAS)[])("%s components read only namespaces the area ships", (area) => {
    const used = namespacesUsed([...AREAS[area]]);
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([ns]) => !(CLIENT_NAMESPACES[area] as string[]).includes(ns));
    expect(missing.map(([ns, file]) => `${ns} (${file})`)).toEqual([]);
  });
});
