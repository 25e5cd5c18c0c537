/**
 * Bounded request-body reading and strict JSON parsing, for lib/api/handler.ts readJson and next-auth's
 * /api/auth/* bridge. Bodies are read as a stream with a byte counter: a declared Content-Length over the
 * limit is refused before anything is read, and a chunked body is cancelled as soon as it passes the
 * limit, so a 100 MB upload costs the server one chunk past the limit, never the whole body.
 */
import { AppError } from "@/lib/errors";
import { isExactJsonNumber } from "@/lib/money";

export const MAX_JSON_BYTES = 64 * 1024;
/** next-auth's forms carry a CSRF token, a callback URL and the credentials: a few hundred bytes. */
export const MAX_AUTH_BYTES = 8 * 1024;

/**
 * The body as UTF-8 text, at most `maxBytes` bytes (413 BODY_TOO_LARGE beyond). A body that breaks off
 * mid-way or is not UTF-8 answers 400 INVALID_JSON instead of leaving the handler waiting.
 */
export async function readBodyTextOrThrow(req: Request, maxBytes: number): Promise<string> {
  const declared = req.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw new AppError("BODY_TOO_LARGE");
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {}); // stop pulling: the rest of the body is never read
        throw new AppError("BODY_TOO_LARGE");
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("INVALID_JSON"); // the client went away or the stream broke mid-body
  } finally {
    reader.releaseLock();
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Buffer.concat(chunks, size));
  } catch {
    throw new AppError("INVALID_JSON");
  }
}

/**
 * A JSON number the strict rule refused (exponent, more than 15 significant digits, not exact as a
 * double). It stays in the parsed value so that the field's own schema refuses it with its own code
 * (an amount → INVALID_AMOUNT), as a string or object in a number field would be.
 */
export class UnsafeNumber {
  constructor(readonly text: string) {}
}

/** Characters no input may carry: C0 controls except tab and line breaks, DEL, C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Single-line text also refuses tab and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const hasControlChars = (s: string) => CONTROL.test(s);
export const isSingleLine = (s: string) => !CONTROL_OR_BREAK.test(s);

const MAX_DEPTH = 32;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * JSON.parse, except that each number is judged by the text the client sent: a plain decimal with at
 * most 15 significant digits that a double holds exactly becomes a number, anything else an
 * UnsafeNumber. Strings with control characters (other than tab and line breaks) are refused with
 * 400 INVALID_CHARACTERS naming the field; malformed JSON or nesting deeper than 32 → 400 INVALID_JSON.
 * Node 20 gives revivers no source text, hence this small parser over text JSON.parse has accepted.
 */
export function parseJsonStrictOrThrow(text: string): unknown {
  try {
    JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON");
  }
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const str = (path: string[]): string => {
    const start = i;
    for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    i++;
    const s = JSON.parse(text.slice(start, i)) as string;
    if (hasControlChars(s)) throw new AppError("INVALID_CHARACTERS", { field: path.join(".") });
    return s;
  };
  const value = (path: string[]): unknown => {
    if (path.length > MAX_DEPTH) throw new AppError("INVALID_JSON");
    ws();
    const c = text[i];
    if (c === '"') return str(path);
    if (c === "{") {
      const obj: Record<string, unknown> = {};
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        const key = str([...path, "(key)"]);
        ws();
        i++; // ':'
        // Like JSON.parse: "__proto__" is an own property, never the prototype; a repeated key: the last wins.
        Object.defineProperty(obj, key, {
          value: value([...path, key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        ws();
        if (text[i++] === "}") return obj;
      }
    }
    if (c === "[") {
      const arr: unknown[] = [];
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value([...path, String(arr.length)]));
        ws();
        if (text[i++] === "]") return arr;
      }
    }
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) throw new AppError("INVALID_JSON"); // unreachable: JSON.parse accepted the text
    i += m[0].length;
    return isExactJsonNumber(m[0]) ? Number(m[0]) : new UnsafeNumber(m[0]);
  };
  const result = value([]);
  ws();
  return result;
}
