/**
 * A stand-alone fake of the exchanges' public APIs for browser tests and benchmarks
 * (tests/support/fake-upstream.ts holds the logic the integration tests use directly).
 */
import { startFakeUpstream } from "./fake-upstream";

const port = Number(process.env.FAKE_UPSTREAM_PORT ?? 3219);
await startFakeUpstream({ port });
console.log(`fake upstream on http://127.0.0.1:${port}`);
