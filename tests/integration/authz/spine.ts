/** Authorization matrix rows for the spine's routes. */
import { type AuthzRow, PUBLIC } from "./types";

export const rows: AuthzRow[] = [{ method: "GET", path: "/api/health", expect: PUBLIC }];
