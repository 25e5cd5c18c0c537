/**
 * Kept true: every item of the security catalogue (../shared/SECURITY.md sections A–J, plus the
 * trust issue's guards T1–T4) has a row in docs/security.md, every test file a row names exists and holds a
 * test titled after the item, and some test title in the repository starts with the item's id ("A3 …", or a
 * shared prefix such as "A8/F31 …"). An item the catalogue lists ahead of the issue that builds it (OWED) needs
 * its row, which says so ("owed: issue N"), and no test yet. CI runs from a clone with ../shared beside the
 * repository; without the shared file the ids come from docs/security.md's own table.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SHARED = path.resolve(ROOT, "../shared/SECURITY.md");
const DOCS = path.join(ROOT, "docs/security.md");

/**
 * The trust guards added to the catalogue (they have no number in SECURITY.md): T1 two-factor
 * brute force, T2 two-factor replay, T3 self-approval, T4 cool-down bypass by a second session.
 */
const TRUST = ["T1", "T2", "T3", "T4"];

/** Items SECURITY.md lists for an open issue, which builds them and their tests: their row says "owed: issue N". */
const OWED: Record<string, string> = {};

const ID = String.raw`(?:[A-J]\d{1,2}|T\d)`;

/** Item ids of SECURITY.md: "## A. …" opens a section, "1. …" an item. */
export function catalogueIds(markdown: string): string[] {
  const ids: string[] = [];
  let section: string | undefined;
  for (const line of markdown.split("\n")) {
    const head = /^##\s+([A-J])\.\s/.exec(line);
    if (head) section = head[1];
    else if (/^##\s/.test(line)) section = undefined;
    const item = /^(\d{1,2})\.\s/.exec(line);
    if (section && item) ids.push(`${section}${item[1]}`);
  }
  return ids;
}

/** docs/security.md's table rows by the item id that opens their first cell ("| A3 strict …", "| H33 |"). */
export function docRows(markdown: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of markdown.split("\n")) {
    const m = new RegExp(String.raw`^\|\s*(${ID})\b`).exec(line);
    if (m?.[1]) rows.set(m[1], [...(rows.get(m[1]) ?? []), line]);
  }
  return rows;
}

/**
 * Test files a row names in backticks: "`kyc.test.ts`", "`tests/e2e/kyc.spec.ts`", "`authz/hierarchy.ts`" (the
 * control column's `lib/…` and `middleware.ts` are code, not tests).
 */
export function namedFiles(row: string): string[] {
  return [...row.matchAll(/`([\w./-]+\.ts)`/g)]
    .map((m) => m[1]!)
    .filter((name) => /\.(test|spec)\.ts$|^(tests|authz)\//.test(name));
}

/** Item ids that open a describe/it/test title in a source text (`it.skipIf(x)("A1 …"`, `"A8/F31 …"`). */
export function titleIds(source: string): Set<string> {
  const ids = new Set<string>();
  const call = String.raw`\b(?:describe|it|test)(?:\.\w+)*(?:\((?:[^()"'\x60]|\([^()]*\))*\))?\(\s*["'\x60]`;
  // it.each([...])("A3 …"): the title follows the table.
  const each = String.raw`\](?:\s*as\s+const)?\s*\)\(\s*["'\x60]`;
  const re = new RegExp(String.raw`(?:${call}|${each})(${ID}(?:/${ID})*)[\s:]`, "g");
  for (const m of source.matchAll(re)) for (const id of m[1]!.split("/")) ids.add(id);
  return ids;
}

function testFiles(dir = path.join(ROOT, "tests")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

/** Where a named file lives: a path from the repository root or tests/integration, or a test file's bare name. */
function resolveNamed(name: string, files: string[]): string | undefined {
  if (name.includes("/"))
    return [path.join(ROOT, name), path.join(ROOT, "tests/integration", name)].find((p) => fs.existsSync(p));
  return files.find((f) => path.basename(f) === name);
}

/** Every way the catalogue can fall out of step with docs/security.md and the tests, as readable lines. */
export function catalogueProblems(
  ids: string[],
  docs: string,
  files: Map<string, string>,
  owed: Record<string, string> = {},
): string[] {
  const problems: string[] = [];
  const rows = docRows(docs);
  const titled = new Map<string, Set<string>>();
  for (const [file, text] of files) titled.set(file, titleIds(text));
  const anywhere = new Set([...titled.values()].flatMap((s) => [...s]));
  for (const id of ids) {
    const lines = rows.get(id);
    if (!lines) problems.push(`${id}: no row in docs/security.md`);
    if (owed[id]) {
      if (lines && !lines.some((l) => l.includes(`owed: ${owed[id]}`)))
        problems.push(`${id}: its row does not say "owed: ${owed[id]}"`);
      continue;
    }
    if (!anywhere.has(id)) problems.push(`${id}: no test title starts with "${id}"`);
    for (const name of (lines ?? []).flatMap(namedFiles)) {
      const file = resolveNamed(name, [...files.keys()]);
      if (!file) problems.push(`${id}: docs/security.md names ${name}, which does not exist`);
      else if (/\.(test|spec)\.ts$/.test(name) && !titled.get(file)?.has(id))
        problems.push(`${id}: ${name} has no test titled "${id} …"`);
    }
  }
  return problems;
}

const docs = fs.readFileSync(DOCS, "utf8");
const shared = fs.existsSync(SHARED) ? fs.readFileSync(SHARED, "utf8") : undefined;
const sectionIds = shared
  ? catalogueIds(shared)
  : [...docRows(docs).keys()].filter((id) => /^[A-J]/.test(id)).sort((a, b) => a.localeCompare(b));
const allIds = [...sectionIds, ...TRUST];

describe("the security catalogue as tests", () => {
  it(`reads the items A1 … J44 (${shared ? "../shared/SECURITY.md" : "docs/security.md, no shared file"})`, () => {
    expect(sectionIds).toHaveLength(44);
    expect(sectionIds[0]).toBe("A1");
    expect(sectionIds.at(-1)).toBe("J44");
    expect(new Set(sectionIds).size).toBe(44);
  });

  it("every item has a row in docs/security.md, its named test files exist and carry a test titled after it", () => {
    const files = new Map(testFiles().map((f) => [f, fs.readFileSync(f, "utf8")]));
    expect(catalogueProblems(allIds, docs, files, OWED)).toEqual([]);
  });

  it("an owed item needs its row saying so, and no test yet", () => {
    const files = new Map([["/x/a.test.ts", 'it("A1 race", () => {});']]);
    const owed = { A2: "issue 9", A3: "issue 9" };
    const doc = "| A1 race | `a.test.ts` |\n| A2 replay | owed: issue 9 |\n| A3 forged | later |\n";
    expect(catalogueProblems(["A1", "A2", "A3", "A4"], doc, files, { ...owed, A4: "issue 9" })).toEqual([
      'A3: its row does not say "owed: issue 9"',
      "A4: no row in docs/security.md",
    ]);
  });

  it("the guard itself notices a missing row, a missing file and a missing title", () => {
    const doc = "| A1 race | `a.test.ts`, `gone.test.ts` |\n| A2 replay | `b.test.ts` |\n";
    const files = new Map([
      ["/x/a.test.ts", 'describe.skipIf(skip !== null)("A1 race", () => {});'],
      ["/x/b.test.ts", 'it("replays (A2 in the middle does not count)", () => {});'],
    ]);
    expect(catalogueProblems(["A1", "A2", "A3"], doc, files)).toEqual([
      "A1: docs/security.md names gone.test.ts, which does not exist",
      'A2: no test title starts with "A2"',
      'A2: b.test.ts has no test titled "A2 …"',
      "A3: no row in docs/security.md",
      'A3: no test title starts with "A3"',
    ]);
  });

  it("reads titles the way tests are written: chained modifiers, shared prefixes, template strings", () => {
    const source = [
      'it.runIf(onPostgres())("B12 brute force", async () => {});',
      "describe(`A8/F31 an instance killed`, () => {});",
      'test.describe("D24 headers", () => {});',
      'it.each(["a", "b"] as const)(\n    "E27 %s", async () => {});',
      'it("A33x is not an id", () => {});',
      'const note = "C17 in a string is no title";',
    ].join("\n");
    expect([...titleIds(source)].sort()).toEqual(["A8", "B12", "D24", "E27", "F31"]);
  });
});
