/** Authorization matrix rows for the console's sidebar counts. */
import { ADMIN_ONLY, type AuthzRow, STAFF_READ } from "./types";

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/admin/waiting", expect: { ...ADMIN_ONLY, ...STAFF_READ } },
];
