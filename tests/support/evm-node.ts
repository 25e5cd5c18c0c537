/**
 * A local EVM chain for the payout tests: Hardhat 2's node on 127.0.0.1 and a free port (loopback only),
 * the stand-in WLD token deployed from account 0 (bytecode fixture tests/support/evm/TestWLD.json, source beside it),
 * and an "operator wallet" from a key the test generates, funded with ETH and 1,000,000 test WLD, that pays members.
 * One node per test file (start it in beforeAll, stop it in afterAll): `snapshot()`/`revert(id)` undo what a test did
 * (and stand in for a reorganisation), `mine(n)` adds confirmations.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type LocalAccount,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";

const fixture = JSON.parse(readFileSync(fileURLToPath(new URL("./evm/TestWLD.json", import.meta.url)), "utf8")) as {
  abi: Abi;
  bytecode: Hex;
};
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = "tests/support/evm/hardhat.config.cjs";

export type PayOptions = {
  /** Pays from this account (default: the operator wallet). */
  from?: LocalAccount;
  /** Another token contract (default: the test WLD). */
  token?: Address;
  /** A fixed gas limit skips estimation, so a transaction that reverts is still mined (status reverted). */
  gas?: bigint;
};

export type EvmNode = {
  rpcUrl: string;
  /** The test WLD token's address. */
  token: Address;
  accounts: {
    /** Hardhat's account 0 (unlocked on the node): deployed the token. */
    deployer: Address;
    /** The operator's payout wallet: a key generated for this run, holding ETH and test WLD. */
    operator: LocalAccount;
  };
  /** Sends `amountWld` (decimal text, 18 decimals) of the token to `to`; the transaction's hash once mined. */
  pay: (to: Address, amountWld: string, opts?: PayOptions) => Promise<Hash>;
  /** A fresh account from a generated key, with ETH and (unless `wld` is "0") test WLD. */
  newAccount: (wld?: string) => Promise<LocalAccount>;
  /** Deploys another ERC-20 (a token that is not WLD); it mints to the operator wallet. */
  deployToken: () => Promise<Address>;
  blockNumber: () => Promise<bigint>;
  mine: (blocks?: number) => Promise<void>;
  snapshot: () => Promise<Hex>;
  revert: (id: Hex) => Promise<void>;
  stop: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function waitForRpc(url: string, child: ChildProcess, output: () => string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited (${child.exitCode}): ${output()}`);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        signal: AbortSignal.timeout(1_000),
      });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`hardhat node did not answer within ${ms} ms: ${output()}`);
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill("SIGKILL"), 3_000);
    child.once("exit", () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startEvmNode(): Promise<EvmNode> {
  const port = await freePort();
  const child = spawn(
    `${ROOT}node_modules/.bin/hardhat`,
    ["--config", CONFIG, "node", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: ROOT,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-4_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForRpc(rpcUrl, child, () => log);
  } catch (e) {
    await kill(child);
    process.off("exit", onExit);
    throw e;
  }

  const transport = http(rpcUrl, { retryCount: 0 });
  const pub = createPublicClient({ chain: hardhat, transport });
  const test = createTestClient({ chain: hardhat, mode: "hardhat", transport });
  const [deployer] = await createWalletClient({ chain: hardhat, transport }).getAddresses();
  if (!deployer) throw new Error("hardhat node has no accounts");

  const deploy = async (from: Address | LocalAccount) => {
    const wallet = createWalletClient({ chain: hardhat, transport, account: from });
    const hash = await wallet.deployContract({
      abi: fixture.abi,
      bytecode: fixture.bytecode,
      args: [parseUnits("1000000000", 18)],
      account: from,
      chain: hardhat,
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error("token deployment failed");
    return receipt.contractAddress;
  };
  const token = await deploy(deployer);

  const send = async (from: LocalAccount | Address, tokenAddr: Address, to: Address, amount: bigint, gas?: bigint) => {
    const wallet = createWalletClient({ chain: hardhat, transport, account: from });
    const hash = await wallet.writeContract({
      address: tokenAddr,
      abi: fixture.abi,
      functionName: "transfer",
      args: [to, amount],
      account: from,
      chain: hardhat,
      ...(gas ? { gas } : {}),
    });
    await pub.waitForTransactionReceipt({ hash });
    return hash;
  };

  const newAccount = async (wld = "1000000") => {
    const account = privateKeyToAccount(generatePrivateKey());
    await test.setBalance({ address: account.address, value: parseEther("100") });
    if (wld !== "0") await send(deployer, token, account.address, parseUnits(wld, 18));
    return account;
  };
  const operator = await newAccount();

  let stopped = false;
  return {
    rpcUrl,
    token,
    accounts: { deployer, operator },
    pay: (to, amountWld, opts = {}) =>
      send(opts.from ?? operator, opts.token ?? token, to, parseUnits(amountWld, 18), opts.gas),
    newAccount,
    deployToken: async () => {
      const other = await deploy(deployer);
      await send(deployer, other, operator.address, parseUnits("1000000", 18));
      return other;
    },
    blockNumber: () => pub.getBlockNumber({ cacheTime: 0 }),
    mine: async (blocks = 1) => {
      await test.mine({ blocks });
    },
    snapshot: () => test.snapshot(),
    revert: async (id) => {
      await test.revert({ id });
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.off("exit", onExit);
      await kill(child);
    },
  };
}
