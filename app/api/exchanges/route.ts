// GET /api/exchanges — { ERC20: [16 names], OP: [14], WORLDCHAIN: [1] }: the one list the UI and the validator use.
import { handler } from "@/lib/api/handler";
import { EXCHANGES } from "@/lib/exchanges";

export const GET = handler(async () => EXCHANGES);
