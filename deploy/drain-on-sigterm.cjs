/**
 * Preloaded into every app instance (`node --require ./drain-on-sigterm.cjs server.js`, see wld-wallet@.service
 * and scripts/cluster/launcher.ts) so that SIGTERM drains the instance the way a load balancer needs.
 *
 * Next's own SIGTERM handler (next/dist/server/lib/start-server.js) closes the listener and waits for the open
 * connections before it exits — but a proxy keeps its keep-alive connections busy, so they never close and the
 * "stopped" instance goes on taking new requests until the proxy happens to leave them idle (24 s under the
 * cluster test's load). From SIGTERM on, this answers every request with `Connection: close` (the proxy opens a
 * new connection, which the closed listener refuses, and sends the request to another instance: a refused
 * connection is safe to retry even for a POST). Requests already sent finish normally, read or not; idle keep-alive
 * connections end after the server's keep-alive timeout. Nothing else changes: no exit here, Next still owns the
 * shutdown.
 */
"use strict";
const http = require("node:http");

const servers = new Set();
/** Responses not finished yet. */
const open = new Set();
let draining = false;

/** Once SIGTERM came: no keep-alive for this answer (Node closes its connection once it is sent). */
function closeAfter(res) {
  if (!res.headersSent) res.setHeader("connection", "close");
}

const originalEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emit(event, ...args) {
  const res = args[1];
  if (event === "request" && res instanceof http.ServerResponse) {
    servers.add(this);
    if (draining) closeAfter(res);
    else {
      open.add(res);
      res.once("close", () => open.delete(res));
    }
  }
  return originalEmit.call(this, event, ...args);
};

process.once("SIGTERM", () => {
  draining = true;
  for (const res of open) closeAfter(res);
  // Idle keep-alive connections are NOT closed here: "idle" to Node includes a connection whose request bytes
  // have arrived but not been read yet, and closing it resets a request its client has already sent (the cluster
  // test lost about half of 48 logins that way). Each connection closes after its next answer (Connection: close
  // above) or when it has been idle for the server's keep-alive timeout (5 s), and Next exits once all are gone.
});
