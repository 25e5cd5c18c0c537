// /admin — the console's dashboard (spec §2, issue 11). The layout and this page each check the session
// (middleware is not a boundary); the figures come from GET /api/admin/dashboard, which authorizes itself.
import { AdminDashboard } from "@/components/admin/dashboard";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function AdminDashboardPage() {
  await currentUserWith("console.open");
  return <AdminDashboard />;
}
