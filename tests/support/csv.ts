/** Reading the CSV downloads in tests: the bytes as they arrived (BOM checked), parsed with RFC 4180 quoting. */
import { NextRequest } from "next/server";
import { expect } from "vitest";

/** A minimal CSV reader for these files (RFC 4180 quoting), the BOM checked and removed. */
export function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const s = text.slice(1);
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && s[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

type Get = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** GET of a member's export route as `cookie` (with NEXT_LOCALE=en for English), the body decoded keeping the BOM. */
export async function csvDownload(
  route: { GET: unknown },
  args: { cookie: string; target: string; path: string; locale?: "en" },
) {
  const req = new NextRequest(new URL(`/api/users/${args.target}/export/${args.path}`, "http://localhost:3000"), {
    headers: { cookie: args.locale ? `${args.cookie}; NEXT_LOCALE=${args.locale}` : args.cookie },
  });
  const res = await (route.GET as Get)(req, { params: Promise.resolve({ userId: args.target }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  };
}
