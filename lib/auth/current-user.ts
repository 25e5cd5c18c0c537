/**
 * The signed-in member for server components and pages: the same session check as every API call
 * (lib/auth/session.ts), read from the incoming request's headers. Pages use it to decide what to render and
 * where to redirect; the API calls they make still authorize themselves.
 */
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { can, type Permission } from "./permissions";
import { type SessionUser, sessionUser } from "./session";

/** The member behind this page request, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  const h = await headers();
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  const host = h.get("host") ?? "localhost";
  return sessionUser(new Request(`${proto}://${host}/`, { headers: new Headers(h) }));
}

/**
 * The signed-in member holding `permission`, or a redirect: to the console's home for a console user (staff or
 * administrator) whose role does not open this screen, else to the login page (which says why).
 */
export async function currentUserWith(permission: Permission): Promise<SessionUser> {
  const user = await currentUser();
  if (user && !can(user.role, permission) && permission !== "console.open" && can(user.role, "console.open"))
    redirect("/admin");
  if (!user || !can(user.role, permission)) redirect("/login?denied=admin");
  return user;
}
