// Shared props and the API base path for the member action dialogs.
import type { MemberRow } from "../queries";

export type DialogProps = { member: MemberRow; onClose: () => void; onDone: (message: string) => void };

export const base = (m: MemberRow) => `/api/admin/users/${m.id}`;
