// Compiles the payout tests' stand-in WLD token (tests/support/evm/TestWLD.sol) with the `solc` package (solc-js, the
// compiler in JavaScript: nothing is downloaded) and writes the fixture tests/support/evm/TestWLD.json { abi, bytecode }
// that tests/support/evm-node.ts deploys. Run after changing the source: `npx tsx scripts/compile-test-token.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import solc from "solc";

const dir = fileURLToPath(new URL("../tests/support/evm/", import.meta.url));
const input = {
  language: "Solidity",
  sources: { "TestWLD.sol": { content: readFileSync(`${dir}TestWLD.sol`, "utf8") } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: "paris",
    outputSelection: { "*": { TestWLD: ["abi", "evm.bytecode.object"] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
const errors = (out.errors ?? []).filter((e) => e.severity === "error");
if (errors.length) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}
const c = out.contracts["TestWLD.sol"]?.TestWLD;
if (!c) throw new Error("TestWLD not in the compiler's output");
const fixture = { compiler: `solc-js ${solc.version()}`, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
writeFileSync(`${dir}TestWLD.json`, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`wrote tests/support/evm/TestWLD.json (${c.evm.bytecode.object.length / 2} bytes of bytecode)`);
