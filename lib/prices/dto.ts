/**
 * The API shapes of the price routes (DESIGN.md, "Calls and their shapes"): prices in KRW as JSON numbers (display
 * values, never balances), times as ISO-8601.
 */
import { D } from "@/lib/money";
import type { PriceMap, WldChart, WldQuote } from "./index";

const num = (v: string) => new D(v).toNumber();

export type PriceDto = {
  symbol: "WLD";
  price: number;
  changePercent: number;
  usdtKrw: number;
  updatedAt: string;
  stale: boolean;
  /** false when the price is too old to trust (or only the demo history is known): show it as unavailable. */
  usable: boolean;
  /** true when only the demo history is known (this machine never reached the exchanges): show, marked stale. */
  seeded: boolean;
};

export const toPriceDto = (q: WldQuote): PriceDto => ({
  symbol: "WLD",
  price: num(q.priceKrw),
  changePercent: num(q.changePercent),
  usdtKrw: num(q.usdtKrw),
  updatedAt: q.updatedAt.toISOString(),
  stale: q.stale,
  usable: q.usable,
  seeded: q.seeded,
});

export type PriceMapDto = {
  prices: Record<string, number>;
  updatedAt: string;
  stale: boolean;
  usable: boolean;
  seeded: boolean;
};

export const toPriceMapDto = (m: PriceMap): PriceMapDto => ({
  prices: Object.fromEntries(Object.entries(m.prices).map(([k, v]) => [k, num(v)])),
  updatedAt: m.updatedAt.toISOString(),
  stale: m.stale,
  usable: m.usable,
  seeded: m.seeded,
});

export type ChartDto = {
  range: WldChart["range"];
  points: { time: string; value: number }[];
  changePercent: number;
  updatedAt: string;
  stale: boolean;
  seeded: boolean;
};

export const toChartDto = (c: WldChart): ChartDto => ({
  range: c.range,
  points: c.points.map((p) => ({ time: p.time.toISOString(), value: num(p.valueKrw) })),
  changePercent: num(c.changePercent),
  updatedAt: c.updatedAt.toISOString(),
  stale: c.stale,
  seeded: c.seeded,
});
