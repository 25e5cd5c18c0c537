/** The operator's bank account members pay KRW deposits into (DEPOSIT_BANK_*, lib/env.ts). Server only. */
import type { DepositAccountDto } from "@/lib/deposits/dto";
import { env } from "@/lib/env";

export function depositAccount(): DepositAccountDto {
  const e = env();
  return { bank: e.DEPOSIT_BANK_NAME, account: e.DEPOSIT_BANK_ACCOUNT, holder: e.DEPOSIT_BANK_HOLDER };
}
