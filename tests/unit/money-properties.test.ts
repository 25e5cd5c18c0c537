/**
 * Property tests (fast-check) for the money rules: amount parsing, the spendable maximum and
 * the daily reward. Each property states the rule independently of the code under test (its own regular
 * expression, big.js at 200 decimals) and compares. Seeded: FC_SEED=<n> replays a run; on a failure
 * fast-check prints the seed, the path and the shrunk counterexample.
 */
import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonStrictOrThrow, UnsafeNumber } from "@/lib/http/body";
import { MIN_TRANSFER, REWARD_DECIMALS, TRANSFER_DECIMALS, TRANSFER_FEES } from "@/lib/constants";
import { COIN_DECIMALS, D, MAX_JSON_DIGITS, parseAmount } from "@/lib/money";
import { dailyReward } from "@/lib/staking/rates";
import { ADMIN_AMOUNT_MAX, amountValue } from "@/lib/validation/amount";
import { checkTransfer, spendableMax } from "@/lib/wallet/fees";

const SEED = Number(process.env.FC_SEED) || 15_2026;
const run = (numRuns: number) => ({ seed: SEED, numRuns });
/** The oracle: exact decimal arithmetic far beyond numeric(38,18), independent of lib/money's constructor. */
const X = Big();
X.DP = 200;
X.RM = Big.roundDown;
X.NE = -300;
X.PE = 300;

/** Decimal places as written, trailing zeros dropped ("12.50" → 1). */
const places = (d: Big) => Math.max(0, d.c.length - d.e - 1);
/** The sign bit: "-0" counts as negative too. */
const negative = (d: Big) => d.s < 0;

// ——— generators ———

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((a) => a.join(""));
/** Digits that are not ASCII but that \d-hungry or Unicode-aware parsers might accept. */
const FOREIGN_DIGITS = ["٣", "۷", "５", "०", "১", "๓", "𝟗", "¹", "½", "Ⅻ"];
const SPACES = [" ", "\t", "\n", "\u00a0", "\u2009", "\u3000", "\ufeff"];

/** Decimal-looking text of random length and scale: signs, leading zeros, exponents, spaces, foreign digits. */
const decimalText = fc
  .record({
    sign: fc.constantFrom("", "", "", "-", "+"),
    int: fc.oneof(digits(0, 3), digits(1, 25)),
    frac: fc.option(digits(0, 24), { nil: undefined }),
    exp: fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)), {
      nil: undefined,
    }),
    pad: fc.option(fc.tuple(fc.constantFrom(...SPACES), fc.boolean()), { nil: undefined }),
    foreign: fc.option(fc.tuple(fc.constantFrom(...FOREIGN_DIGITS), fc.nat()), { nil: undefined }),
    other: fc.option(fc.constantFrom(",", "_", "'", "0x", "0b", "..", "NaN", "Infinity", "-Infinity", "∞"), {
      nil: undefined,
    }),
  })
  .map(({ sign, int, frac, exp, pad, foreign, other }) => {
    let s = `${sign}${int}${frac === undefined ? "" : `.${frac}`}${exp ? exp.join("") : ""}`;
    if (foreign) {
      const at = foreign[1] % (s.length + 1);
      s = s.slice(0, at) + foreign[0] + s.slice(at);
    }
    if (other) s = other === "NaN" || other.includes("Infinity") || other === "∞" ? other : `${s}${other}1`;
    if (pad) s = pad[1] ? `${pad[0]}${s}` : `${s}${pad[0]}`;
    return s;
  });

/** Well-formed plain decimals (the accepted language), including the long and the tiny. */
const plainDecimal = fc
  .tuple(
    fc.oneof(
      fc.constant("0"),
      fc.tuple(fc.constantFrom(..."123456789"), digits(0, 21)).map(([a, b]) => a + b),
    ),
    fc.option(digits(1, 20), { nil: undefined }),
  )
  .map(([i, f]) => (f === undefined ? i : `${i}.${f}`));

/** The language parseAmount promises to accept, written out independently of lib/money. */
function accepted(text: string, decimals: number, allowNegative: boolean): boolean {
  const m = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(text);
  if (!m) return false;
  if (m[1] && !allowNegative) return false;
  if (m[2]!.length > 20) return false; // numeric(38,18): 20 integer digits
  return (m[3]?.length ?? 0) <= decimals;
}

/** Significant digits as the JSON rule counts them: an integer's trailing zeros count (1e18 written out is 19). */
const significant = (d: Big) => (d.eq(0) ? 0 : Math.max(d.c.length, d.e + 1));

// ——— amount parsing ———

describe("property: an amount parses to exactly the decimal it spells, or is refused", () => {
  it("any decimal-like string: accepted exactly when it is a plain decimal within 20.18 digits, and then equal to it", () => {
    fc.assert(
      fc.property(
        fc.oneof(decimalText, plainDecimal, fc.string({ unit: "grapheme", maxLength: 30 })),
        fc.constantFrom(0, 2, 6, 8, COIN_DECIMALS),
        fc.boolean(),
        (text, decimals, allowNegative) => {
          const got = parseAmount(text, decimals, allowNegative);
          expect(got !== null, `parseAmount(${JSON.stringify(text)}, ${decimals})`).toBe(
            accepted(text, decimals, allowNegative),
          );
          if (got) {
            expect(new X(got.toFixed()).eq(new X(text))).toBe(true);
            expect(places(got)).toBeLessThanOrEqual(decimals);
            expect(got.toFixed()).not.toMatch(/^-0$|e/); // canonical: no "-0", no exponent
          }
        },
      ),
      run(3000),
    );
  });

  it("any JavaScript number: accepted only when finite, not negative and at most 15 significant digits, and then the value itself", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.double({ min: 0, max: 1e21, noNaN: true }),
          fc.integer({ min: -1, max: Number.MAX_SAFE_INTEGER }),
          plainDecimal.map(Number),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 5e-324, 1e20, 0.1 + 0.2),
        ),
        fc.constantFrom(2, 8, COIN_DECIMALS),
        (n, decimals) => {
          const got = parseAmount(n, decimals);
          const spelled = Number.isFinite(n) ? new X(String(n === 0 ? 0 : n)) : null; // the shortest text of n
          const ok =
            spelled !== null &&
            !negative(spelled) &&
            significant(spelled) <= MAX_JSON_DIGITS &&
            places(spelled) <= decimals &&
            spelled.lt("1e20");
          expect(got !== null, `parseAmount(${n}, ${decimals})`).toBe(ok);
          if (got && spelled) {
            expect(got.toFixed()).toBe(spelled.toFixed());
            expect(Number(got.toFixed())).toBe(n === 0 ? 0 : n); // the double round-trips exactly
          }
        },
      ),
      run(3000),
    );
  });

  it("a JSON body's number is judged by its source text: accepted only when that text is the decimal the amount becomes", () => {
    const jsonNumber = fc
      .tuple(
        fc.constantFrom("", "-"),
        fc.oneof(
          fc.constant("0"),
          fc.tuple(fc.constantFrom(..."123456789"), digits(0, 24)).map(([a, b]) => a + b),
        ),
        fc.option(digits(1, 22), { nil: undefined }),
        fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)), { nil: undefined }),
      )
      .map(([s, i, f, e]) => `${s}${i}${f === undefined ? "" : `.${f}`}${e ? e.join("") : ""}`);
    const schema = amountValue({ decimals: COIN_DECIMALS, cap: ADMIN_AMOUNT_MAX });
    fc.assert(
      fc.property(jsonNumber, (text) => {
        const body = parseJsonStrictOrThrow(`{"amount":${text}}`) as { amount: unknown };
        const r = schema.safeParse(body.amount);
        const exact = new X(text);
        if (r.success) {
          // The amount is the very decimal the client wrote — never a double's neighbour of it.
          expect(r.data.toFixed()).toBe(exact.toFixed());
          expect(exact.gt(0) && exact.lte(ADMIN_AMOUNT_MAX)).toBe(true);
          expect(/[eE]/.test(text)).toBe(false);
        } else {
          const code = r.error.issues[0]?.message;
          expect(["INVALID_AMOUNT", "AMOUNT_TOO_LARGE"]).toContain(code);
          if (code === "AMOUNT_TOO_LARGE") expect(exact.gt(ADMIN_AMOUNT_MAX)).toBe(true);
        }
        if (body.amount instanceof UnsafeNumber) expect(r.success).toBe(false);
      }),
      run(3000),
    );
  });

  it("amountValue: whatever it accepts is above zero (or zero when allowed), within max and cap, at most `decimals` decimals", () => {
    const opts = fc.record({
      decimals: fc.constantFrom(0, 2, 6, 8, 18),
      allowZero: fc.boolean(),
      max: fc.option(fc.constantFrom("1000", "1", "0.5"), { nil: undefined }),
      cap: fc.option(fc.constantFrom(ADMIN_AMOUNT_MAX, "100", "5"), { nil: undefined }),
    });
    const input = fc.oneof(
      decimalText,
      plainDecimal,
      fc.double(),
      fc.anything({ maxDepth: 2 }),
      fc.constantFrom(null, true, false, [], {}, "", "0", 0, "-0", -0),
    );
    fc.assert(
      fc.property(opts, input, (o, v) => {
        const r = amountValue(o).safeParse(v);
        const parsed = parseAmount(v, o.decimals);
        if (!r.success) {
          expect(["INVALID_AMOUNT", "AMOUNT_TOO_LARGE"]).toContain(r.error.issues[0]?.message);
          return;
        }
        expect(parsed).not.toBeNull();
        expect(r.data.eq(parsed!)).toBe(true);
        expect(o.allowZero ? r.data.gte(0) : r.data.gt(0)).toBe(true);
        if (o.max !== undefined) expect(r.data.lte(o.max)).toBe(true);
        if (o.cap !== undefined) expect(r.data.lte(o.cap)).toBe(true);
        expect(places(r.data)).toBeLessThanOrEqual(o.decimals);
      }),
      run(3000),
    );
  });
});

// ——— fees and the spendable maximum ———

/** A staked balance as numeric(38,18) holds it: up to 20 integer digits and 18 decimals. */
const balance = fc
  .tuple(fc.oneof(digits(1, 3), digits(1, 20)), digits(0, 18))
  .map(([i, f]) => new X(`${i}${f ? `.${f}` : ""}`).toFixed());
const fee = fc.oneof(
  fc.constantFrom(...Object.values(TRANSFER_FEES)),
  fc.tuple(digits(1, 3), digits(0, 2)).map(([i, f]) => new X(`${i}${f ? `.${f}` : ""}`).toFixed()),
);

describe("property: spendable = floor to 2 decimals of (staked − fee), never negative", () => {
  it("is never negative, never above staked − fee, within 0.01 of it, and has at most 2 decimals", () => {
    fc.assert(
      fc.property(balance, fee, (staked, f) => {
        const s = new X(spendableMax(staked, f).toFixed());
        const room = new X(staked).minus(f);
        expect(negative(s)).toBe(false);
        expect(places(s)).toBeLessThanOrEqual(TRANSFER_DECIMALS);
        if (room.lte(0)) expect(s.eq(0)).toBe(true);
        else {
          expect(s.lte(room)).toBe(true);
          expect(room.minus(s).lt("0.01")).toBe(true);
        }
      }),
      run(3000),
    );
  });

  it("a transfer the check lets through costs at most the staked balance and is at least the minimum", () => {
    const amount = fc.tuple(digits(1, 6), digits(0, 2)).map(([i, f]) => new D(`${i}${f ? `.${f}` : ""}`));
    fc.assert(
      fc.property(amount, balance, fee, (a, staked, f) => {
        const r = checkTransfer(a, staked, f);
        if (r.ok) {
          expect(r.total.eq(a.plus(f))).toBe(true);
          expect(new X(r.total.toFixed()).lte(staked)).toBe(true);
          expect(a.gte(MIN_TRANSFER)).toBe(true);
        } else {
          expect(a.lt(MIN_TRANSFER) || a.gt(r.spendable)).toBe(true);
        }
      }),
      run(3000),
    );
  });

  it("for an amount of at most 2 decimals at or above the minimum, the check passes exactly when staked ≥ amount + fee", () => {
    // What transfer_request_open (db/migrations/0011) compares under its lock instead of floor2(staked − fee) ≥ amount.
    const amount = fc
      .tuple(digits(1, 6), digits(0, 2))
      .map(([i, f]) => new D(`${i}${f ? `.${f}` : ""}`))
      .filter((a) => a.gte(MIN_TRANSFER));
    fc.assert(
      fc.property(amount, balance, fee, (a, staked, f) => {
        expect(checkTransfer(a, staked, f).ok).toBe(new X(staked).gte(a.plus(f).toFixed()));
      }),
      run(3000),
    );
  });
});

// ——— the daily reward ———

const rate = fc
  .tuple(fc.integer({ min: 0, max: 1000 }), digits(0, 6))
  .map(([i, f]) => new X(`${i}${f ? `.${f}` : ""}`))
  .filter((r) => r.lte(1000))
  .map((r) => r.toFixed());

describe("property: the daily reward is balance × rate / 100 / 365 floored to 8 decimals", () => {
  it("is never more than the exact figure, less than 10⁻⁸ below it, has at most 8 decimals and is never negative", () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const got = new X(dailyReward(b, r).toFixed());
        const exact = new X(b).times(r).div(100).div(365);
        expect(negative(got)).toBe(false);
        expect(places(got)).toBeLessThanOrEqual(REWARD_DECIMALS);
        expect(got.lte(exact)).toBe(true);
        expect(exact.minus(got).lt("1e-8")).toBe(true);
      }),
      run(3000),
    );
  });

  it("is monotone: more balance or a higher rate never earns less", () => {
    fc.assert(
      fc.property(balance, balance, rate, rate, (b1, b2, r1, r2) => {
        const [bl, bh] = new X(b1).lte(b2) ? [b1, b2] : [b2, b1];
        const [rl, rh] = new X(r1).lte(r2) ? [r1, r2] : [r2, r1];
        expect(dailyReward(bl, rl).lte(dailyReward(bh, rh))).toBe(true);
      }),
      run(2000),
    );
  });
});
