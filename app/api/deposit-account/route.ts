// GET /api/deposit-account — the operator's bank account a member pays a KRW deposit into (DEPOSIT_BANK_NAME,
// DEPOSIT_BANK_ACCOUNT, DEPOSIT_BANK_HOLDER): 200 { bank, account, holder }. Signed-in members only.
import { json } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { depositAccount } from "@/lib/deposits/account";

export const dynamic = "force-dynamic";

export const GET = withUser(async () => json(depositAccount()));
