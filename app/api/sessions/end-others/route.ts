// POST /api/sessions/end-others — ends every session of the caller except this one: 200 { ended }.
import { withUser } from "@/lib/api/with-auth";
import { endOtherDevices } from "@/lib/auth/devices";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ user, ip, requestId }) => endOtherDevices(user, { ip, requestId }));
