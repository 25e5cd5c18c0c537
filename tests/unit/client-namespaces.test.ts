/**
 * Each part of the app serializes only some message namespaces into its pages (lib/i18n/messages.ts
 * CLIENT_NAMESPACES): a component reading one its part does not ship shows raw keys. The public pages and the
 * console ship one list each; each member route segment serializes only its own namespaces into the page
 * (lib/i18n/messages.ts MEMBER_SEGMENTS, app/lang/[locale]/(member)/<segment>/layout.tsx). This walks the imports of every
 * file under each segment (and of the member layout) and fails when a component there uses a namespace
 * (`useTranslations("X")`) that the segment's provider does not carry — the page would show raw keys.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_NAMESPACES, MEMBER_SEGMENTS } from "@/lib/i18n/messages";

const root = path.resolve(import.meta.dirname, "../..");
const memberDir = path.join(root, "app/lang/[locale]/(member)");

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ["", ".tsx", ".ts", "/index.tsx", "/index.ts"]) {
    const f = base + ext;
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  return null;
}

/** Namespaces used by `entries` and everything they import (our own files only). */
function namespacesUsed(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !/\.(tsx?|jsx?)$/.test(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/useTranslations\(\s*["']([A-Za-z]+)/g)) used.add(m[1]!);
    if (/useTranslations\(\s*\)/.test(text)) used.add(`(every namespace, ${path.relative(root, file)})`);
    for (const m of text.matchAll(
      /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const target = resolveImport(file, (m[1] ?? m[2])!);
      if (target) stack.push(target);
    }
  }
  return used;
}

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });

const segments = fs
  .readdirSync(memberDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("member pages carry the messages their components use, and only theirs", () => {
  it("every member route segment has a messages layout for itself", () => {
    for (const seg of segments) {
      const layout = path.join(memberDir, seg, "layout.tsx");
      expect(fs.existsSync(layout), `app/lang/[locale]/(member)/${seg}/layout.tsx`).toBe(true);
      expect(fs.readFileSync(layout, "utf8")).toContain(`segmentMessages("${seg}")`);
      expect(Object.keys(MEMBER_SEGMENTS)).toContain(seg);
    }
  });

  it.each(segments)("app/lang/[locale]/(member)/%s uses only the namespaces its segment provides", (seg) => {
    const used = namespacesUsed(filesUnder(path.join(memberDir, seg)));
    const provided = new Set<string>(MEMBER_SEGMENTS[seg as keyof typeof MEMBER_SEGMENTS] ?? []);
    expect([...used].filter((n) => !provided.has(n)).sort()).toEqual([]);
  });

  it("the member layout's own components use only the member layout's namespaces", () => {
    const used = namespacesUsed([path.join(memberDir, "layout.tsx")]);
    // The segment layouts are children, not imports: only the shell (tabs, toasts) is walked here.
    const provided = new Set<string>(CLIENT_NAMESPACES.member);
    expect([...used].filter((n) => !provided.has(n)).sort()).toEqual([]);
  });

  it("the document's layout and its 404 and error screens use only the document's namespaces", () => {
    const app = path.join(root, "app");
    const entries = [
      ...["layout.tsx", "not-found.tsx", "error.tsx"].map((f) => path.join(app, "lang", "[locale]", f)),
      ...["global-not-found.tsx", "global-error.tsx"].map((f) => path.join(app, f)),
    ];
    for (const f of entries) expect(fs.existsSync(f), f).toBe(true);
    const provided = new Set<string>(CLIENT_NAMESPACES.document);
    expect([...namespacesUsed(entries)].filter((n) => !provided.has(n)).sort()).toEqual([]);
  });

  it("the public pages (welcome, login, sign-up) use only their group's namespaces", () => {
    const used = namespacesUsed(filesUnder(path.join(root, "app/lang/[locale]/(public)")));
    expect(used.size).toBeGreaterThan(0);
    const provided = new Set<string>(CLIENT_NAMESPACES.public);
    expect([...used].filter((n) => !provided.has(n)).sort()).toEqual([]);
  });

  it("the console's screens use only the admin layout's namespaces", () => {
    const provided = new Set<string>(CLIENT_NAMESPACES.admin);
    const used = namespacesUsed(filesUnder(path.join(root, "app/lang/[locale]/admin")));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((n) => !provided.has(n)).sort()).toEqual([]);
  });

  it("the walker finds what it should (so the checks above can fail)", () => {
    const used = namespacesUsed([path.join(memberDir, "wallet", "page.tsx")]);
    expect(used.has("Wallet")).toBe(true);
  });
});
