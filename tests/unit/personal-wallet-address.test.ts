/** The wallet address text of a personal wallet: `NETWORK|PERSONAL|0x…` on any network (lib/wallet/address.ts). */
import { describe, expect, it } from "vitest";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { parseWalletAddrOrThrow } from "@/lib/wallet/address";

const addr = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("personal wallet address text", () => {
  it.each(["ERC20", "op", "WorldChain"])("accepts PERSONAL on %s, canonical upper-case", (network) => {
    for (const segment of ["PERSONAL", "personal", " Personal "]) {
      const parsed = parseWalletAddrOrThrow(`${network}|${segment}|${addr}`);
      expect(parsed).toEqual({
        network: network.toUpperCase(),
        exchange: PERSONAL_EXCHANGE,
        address: addr,
        text: `${network.toUpperCase()}|PERSONAL|${addr}`,
      });
    }
  });

  it.each([
    [`BSC|PERSONAL|${addr}`, "network"],
    [`OP|PERSONALS|${addr}`, "exchange"],
    [`OP|PERSONAL|0x52908400098527886e0F7030069857D2E4169EE7`, "address"],
  ])("refuses %s (field %s)", (text, field) => {
    expect(() => parseWalletAddrOrThrow(text)).toThrow(
      expect.objectContaining({ code: "INVALID_WALLET", params: { field } }),
    );
  });
});
