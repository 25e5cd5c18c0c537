/** Authorization matrix rows for the operations routes: /api/metrics answers to its bearer token only. */
import type { AuthzRow, Expectation, Who } from "./types";

/** No session opens it: without METRICS_TOKEN configured 404, with it and no bearer token 401. */
const METRICS: Record<Who, Expectation> = {
  guest: [401, 404],
  self: [401, 404],
  other: [401, 404],
  admin: [401, 404],
  superadmin: [401, 404],
};

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/metrics", expect: METRICS, note: "bearer METRICS_TOKEN only" },
];
