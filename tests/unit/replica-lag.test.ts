/**
 * The read replica's lag as db/replica.ts judges it (docs/scaling.md, "Read replicas"): by WAL positions, so an
 * idle primary (no commits for an hour) does not make a current replica look an hour behind, while a replica that
 * stopped replaying (paused, or cut off from the primary) is seen behind by the age of what it last replayed.
 */
import { describe, expect, it } from "vitest";
import { type LagMark, lagOf, lsn, type ReplicaSample } from "@/db/replica";

const at = 1_000_000;
const sample = (over: Partial<ReplicaSample>): ReplicaSample => ({
  at,
  primaryLsn: lsn("0/3000100"),
  inRecovery: true,
  receiveLsn: lsn("0/3000100"),
  replayLsn: lsn("0/3000100"),
  sinceReplayMs: 3_600_000,
  receiver: "streaming",
  ...over,
});

describe("replica lag (db/replica.ts lagOf)", () => {
  it("reads pg_lsn text as a 64-bit position", () => {
    expect(lsn("0/0")).toBe(0n);
    expect(lsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsn("1/0") > lsn("0/FFFFFFFF")).toBe(true);
  });

  it("a replica at the primary's position is current, however old its last replayed commit (an idle primary)", () => {
    expect(lagOf(sample({}), null)).toEqual({ lagMs: 0, mark: null });
    expect(lagOf(sample({ replayLsn: lsn("0/3000200") }), { lsn: 1n, at: 0 })).toEqual({ lagMs: 0, mark: null });
  });

  it("paused replay (received, not replayed): behind by the age of the last replayed commit", () => {
    const paused = sample({ receiveLsn: lsn("0/3000900"), replayLsn: lsn("0/3000100"), primaryLsn: lsn("0/3000900") });
    expect(lagOf({ ...paused, sinceReplayMs: 7_000 }, null)).toEqual({
      lagMs: 7_000,
      mark: { lsn: lsn("0/3000900"), at },
    });
    // Still short of the mark a second later: the mark stays, the lag is the commit's age.
    const mark: LagMark = { lsn: lsn("0/3000900"), at: at - 1_000 };
    expect(lagOf({ ...paused, sinceReplayMs: 8_000 }, mark)).toEqual({ lagMs: 8_000, mark });
  });

  it("behind now but past an earlier check's primary position: no staler than that check", () => {
    const s = sample({ primaryLsn: lsn("0/3000900"), receiveLsn: lsn("0/3000800"), replayLsn: lsn("0/3000500") });
    const r = lagOf(s, { lsn: lsn("0/3000400"), at: at - 1_200 });
    expect(r).toEqual({ lagMs: 1_200, mark: { lsn: lsn("0/3000900"), at } });
  });

  it("streaming and everything received replayed: current up to the network's delay", () => {
    const s = sample({ primaryLsn: lsn("0/3000900"), receiveLsn: lsn("0/3000500"), replayLsn: lsn("0/3000500") });
    expect(lagOf(s, null).lagMs).toBe(0);
    // Cut off from the primary (not streaming): the age of its last replayed commit.
    expect(lagOf({ ...s, receiver: null, sinceReplayMs: 60_000 }, null).lagMs).toBe(60_000);
  });

  it("nothing known (no replayed commit, no passed mark) or nothing replayed: unbounded", () => {
    const s = sample({ primaryLsn: lsn("0/3000900"), receiveLsn: lsn("0/3000800"), sinceReplayMs: null });
    expect(lagOf(s, null).lagMs).toBe(Number.POSITIVE_INFINITY);
    expect(lagOf(sample({ replayLsn: null }), null).lagMs).toBe(Number.POSITIVE_INFINITY);
  });
});
