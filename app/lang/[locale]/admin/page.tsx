// /admin — the console's dashboard. The layout and this page each check the session
// (middleware is not a boundary); the figures come from GET /api/admin/dashboard, which authorizes itself.
import { AdminDashboard } from "@/components/admin/dashboard/dashboard";
import { StaffHome } from "@/components/admin/dashboard/staff-home";
import { currentUserWith } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export default async function AdminDashboardPage() {
  const user = await currentUserWith("console.open");
  // A console role without the figures (SUPPORT, COMPLIANCE) lands on the list of the screens it opens.
  return can(user.role, "dashboard.read") ? <AdminDashboard /> : <StaffHome />;
}
