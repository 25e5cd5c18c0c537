/**
 * The bare Node server of the benchmarks: node:http doing the same work as the minimal Next app
 * (lib/work.ts), no framework. BARE_PORT sets the port.
 */
import http from "node:http";
import { coinsBody, priceBody, transferBody } from "./lib/work";

const json = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

http
  .createServer((req, res) => {
    const send = ([status, body]: [number, string]) => {
      res.writeHead(status, json);
      res.end(body);
    };
    const fail = (e: unknown) => {
      console.error(e);
      send([500, '{"error":"internal"}']);
    };
    if (req.url === "/api/price") return send([200, priceBody()]);
    if (req.url === "/api/coins") return void coinsBody(req.headers.cookie).then(send, fail);
    if (req.url === "/api/transfer" && req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          const { amount } = JSON.parse(Buffer.concat(chunks).toString()) as { amount: string };
          transferBody(req.headers.cookie, String(amount)).then(send, fail);
        } catch (e) {
          fail(e);
        }
      });
      return;
    }
    send([404, '{"error":"not found"}']);
  })
  .listen(Number(process.env.BARE_PORT ?? 3251), "127.0.0.1");
