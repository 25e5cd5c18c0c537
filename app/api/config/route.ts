// GET /api/config — public constants for the client: { lockReleaseAt, fees, minTransfer, transferDecimals,
// depositDecimals, version, coins }.
import { handler } from "@/lib/api/handler";
import { lockReleaseAt } from "@/lib/wallet/lock";
import {
  APP_VERSION,
  COIN_SYMBOLS,
  DEPOSIT_DECIMALS,
  MIN_TRANSFER,
  TRANSFER_DECIMALS,
  TRANSFER_FEES,
} from "@/lib/constants";

export const GET = handler(async () => ({
  lockReleaseAt: lockReleaseAt(),
  fees: TRANSFER_FEES,
  minTransfer: MIN_TRANSFER,
  transferDecimals: TRANSFER_DECIMALS,
  depositDecimals: DEPOSIT_DECIMALS,
  version: APP_VERSION,
  coins: COIN_SYMBOLS,
}));
