/**
 * The local EVM chain of the browser tests (playwright.config.ts starts it as a web server before the app):
 * tests/support/evm-node.ts's Hardhat node (loopback, a free port, the test WLD deployed by account 0, so at
 * 0x5FbDB2315678afecb367f032d93F642f64180aa3) behind a fixed port, E2E_EVM_PORT, that the app (RPC_URL_OP)
 * and the tests (viem: pay from account 0, mine blocks) reach. GET /health answers once the token is deployed.
 * The JSON-RPC is passed through as it is; only loopback listens.
 */
import http from "node:http";
import { startEvmNode } from "../support/evm-node";

const PORT = Number(process.env.E2E_EVM_PORT ?? 3218);
export const E2E_WLD_TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

const node = await startEvmNode();
if (node.token.toLowerCase() !== E2E_WLD_TOKEN.toLowerCase())
  throw new Error(`test WLD landed at ${node.token}, not ${E2E_WLD_TOKEN}`);

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/health") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, token: node.token }));
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(405).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    fetch(node.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.concat(chunks),
    })
      .then(async (r) => {
        res.writeHead(r.status, { "content-type": "application/json" }).end(Buffer.from(await r.arrayBuffer()));
      })
      .catch((e: unknown) => {
        res.writeHead(502, { "content-type": "text/plain" }).end(String(e));
      });
  });
});
server.listen(PORT, "127.0.0.1", () => console.log(`EVM node for the browser tests on http://127.0.0.1:${PORT}`));

const stop = () => {
  server.close();
  void node.stop().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
