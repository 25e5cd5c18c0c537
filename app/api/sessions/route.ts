// GET /api/sessions — the caller's live login devices: { items: [{ handle, device, browser, os, ip, createdAt,
// lastSeenAt, current }] }, the current one first. Never a session id (the handle is a hash prefix of it).
import { withUser } from "@/lib/api/with-auth";
import { listDevices } from "@/lib/auth/devices";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => ({ items: await listDevices(user) }));
