/**
 * No text may read as a guaranteed principal or a fixed return: since 2024 the law against unlicensed
 * deposit-taking covers virtual assets, and staking is not a deposit. Every message file under messages/ is
 * scanned for 보장 (guarantee), 확정 (fixed) and guarantee/guaranteed/guarantees, case-insensitive.
 *
 * The rule: each occurrence must sit inside a phrase that DENIES a guarantee — one of DENIALS below
 * ("보장하지 않습니다", "보장되지 않습니다", "확정되지 않습니다", "not guaranteed", "does not guarantee", "no guarantee").
 * Any other use fails, even one that means something else (a price "확정" at request time): say it another way,
 * so that no member ever reads a promise where there is none.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const WATCHED = /보장|확정|guarantee/gi;
const DENIALS = [
  /보장(?:하지|되지)\s*않/g,
  /확정(?:하지|되지)\s*않/g,
  /\bnot\s+(?:be\s+)?guaranteed\b/gi,
  /\b(?:does|do|will|can)\s+not\s+guarantee\b/gi,
  /\bno\s+guarantee\b/gi,
];

const messagesDir = path.resolve(import.meta.dirname, "../../messages");

/** Every string of a message file with its key path. */
function strings(value: unknown, key = ""): [string, string][] {
  if (typeof value === "string") return [[key, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
  return [];
}

/** The watched words of `text` that no denial phrase covers. */
function promises(text: string): string[] {
  const denied: [number, number][] = DENIALS.flatMap((re) =>
    [...text.matchAll(re)].map((m) => [m.index, m.index + m[0].length] as [number, number]),
  );
  return [...text.matchAll(WATCHED)]
    .filter((m) => !denied.some(([from, to]) => m.index >= from && m.index < to))
    .map((m) => m[0]);
}

const files = fs
  .readdirSync(messagesDir, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("no message promises a guaranteed principal or return", () => {
  it("finds the message files of both languages", () => {
    expect(files.filter((f) => f.startsWith("ko")).length).toBeGreaterThan(10);
    expect(files.filter((f) => f.startsWith("en")).length).toBeGreaterThan(10);
  });

  it("the rule itself: denials pass, anything else fails", () => {
    for (const ok of [
      "원금을 보장하지 않습니다.",
      "수익은 보장되지 않습니다.",
      "이율은 확정되지 않습니다.",
      "A return is not guaranteed.",
      "Rewards may not be guaranteed.",
      "The lock does not guarantee the principal.",
      "There is no guarantee of any return.",
      "아무 말도 없는 문장",
    ])
      expect(promises(ok), ok).toEqual([]);
    for (const bad of [
      "원금 보장",
      "연 12% 확정 수익",
      "수익을 보장합니다.",
      "시세는 신청하는 순간 확정되며",
      "Guaranteed 12% a year",
      "Your principal is guaranteed.",
      "We guarantee your rewards.",
      "원금을 보장하지 않습니다. 하지만 수익은 보장합니다.",
    ])
      expect(promises(bad), bad).not.toEqual([]);
  });

  it.each(files)("messages/%s has no promising use of 보장, 확정 or guarantee", (file) => {
    const json = JSON.parse(fs.readFileSync(path.join(messagesDir, file), "utf8"));
    const found = strings(json)
      .filter(([, text]) => promises(text).length > 0)
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });
});
