/**
 * Korean phone numbers: one stored form, `0XX-XXXX-XXXX` with hyphens — the way a Korean reads and
 * writes a number, so the console, the CSV export and the retained identity show it as is — and the rules that
 * take what a person typed to it. Pure: the sign-up form checks with it before sending, the server
 * (lib/validation/auth.ts) decides with it, migration 0022 gave existing rows the same form, and the admin
 * member search (db/queries/members.ts phoneSearchDigits) matches a typed fragment's digits against the stored
 * digits, so `01023456789`, `010-2345-6789` and `2345 6789` all find `010-2345-6789`.
 *
 * Accepted (digits after dropping spaces, hyphens, dots and parentheses; `+82` / `82` country code → `0`):
 * - mobile 010 + 8 digits; 011, 016, 017, 018, 019 + 7 or 8 digits (the old prefixes still in use);
 * - Seoul 02 + 7 or 8 digits; the other area codes 031–033, 041–044, 051–055, 061–064 + 7 or 8 digits;
 * - internet telephony 070 + 8 digits.
 * The spec asks no format of the optional phone; we take a Korean number only, in one stored form, so that a search
 * finds `01023456789` and `010-2345-6789` alike.
 */

const MOBILE_010 = /^010\d{8}$/;
const MOBILE_OLD = /^01[16789]\d{7,8}$/;
const SEOUL = /^02\d{7,8}$/;
const AREA = /^0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}$/;
const VOIP = /^070\d{8}$/;

/** What a person may type around the digits. */
const DECORATION = /[\s\-.()]/g;

/** The digits of a typed number, the country code turned into the domestic 0; null if anything else was typed. */
export function phoneDigits(input: string): string | null {
  let s = input.trim().replace(DECORATION, "");
  if (s.startsWith("+")) {
    if (!s.startsWith("+82")) return null;
    s = `0${s.slice(3).replace(/^0/, "")}`;
  } else if (s.startsWith("82") && s.length >= 11) s = `0${s.slice(2).replace(/^0/, "")}`;
  return /^\d+$/.test(s) ? s : null;
}

/** The stored form of a Korean number (`010-2345-6789`, `02-123-4567`), or null when it is not one. */
export function normaliseKoreanPhone(input: string): string | null {
  const d = phoneDigits(input);
  if (!d) return null;
  if (SEOUL.test(d)) return `${d.slice(0, 2)}-${d.slice(2, -4)}-${d.slice(-4)}`;
  if (MOBILE_010.test(d) || MOBILE_OLD.test(d) || AREA.test(d) || VOIP.test(d))
    return `${d.slice(0, 3)}-${d.slice(3, -4)}-${d.slice(-4)}`;
  return null;
}
