"use client";

/**
 * What the signed-in administrator may do, from the one permission table (lib/auth/permissions.ts `can()`):
 * screens hide what the role cannot do with it. A hint only — every API call authorizes itself.
 */
import { useAdmin } from "@/components/admin/admin-context";
import { can, type Permission } from "@/lib/auth/permissions";

export function useCan(): (permission: Permission) => boolean {
  const { role } = useAdmin();
  return (permission) => can(role, permission);
}
