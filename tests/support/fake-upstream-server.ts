/**
 * A stand-alone fake of the exchanges' public APIs for browser tests and benchmarks
 * (tests/support/fake-upstream.ts holds the logic the integration tests use directly).
 * Steer it over HTTP: /__mode?mode=ok|fail|hang|garbage|zero|negative|jump[&feed=upbit|binance],
 * /__wld?price=1.5 (WLDUSDT close), /__calls (call counters), /__reset.
 */
import { startFakeUpstream } from "./fake-upstream";

const port = Number(process.env.FAKE_UPSTREAM_PORT ?? 3219);
await startFakeUpstream({ port });
console.log(`fake upstream on http://127.0.0.1:${port}`);
