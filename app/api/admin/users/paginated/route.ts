// GET /api/admin/users/paginated?search&phone&page&limit — the admin member list: {users, total}, never a password.
import { validationError } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { listMembers } from "@/lib/auth/member-admin";
import { userListQuerySchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const parsed = userListQuerySchema.safeParse(Object.fromEntries(req.nextUrl.searchParams));
    if (!parsed.success) throw validationError(parsed.error);
    return listMembers(parsed.data);
  },
  { permission: "members.list" },
);
