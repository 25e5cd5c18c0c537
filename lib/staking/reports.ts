/** Staking figures for members and the admin screens: stakes, rewards, runs and products. */
import "server-only";
import {
  adminMemberStaking,
  listProducts,
  pendingProductProposals,
  rewardDays,
  stakedCoins,
  stakingHistory,
  stakingProfit,
  stakingProgress,
  stakingRecords,
} from "@/db/queries/staking";
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { reader } from "@/lib/read";

export const stakedCoinsOf = reader(stakedCoins);
export const stakingHistoryOf = reader(stakingHistory);
export const stakingProfitOf = reader(stakingProfit);
export const memberStakingOf = reader(adminMemberStaking);
export const stakingProgressPage = reader(stakingProgress);
export const stakingRecordsPage = reader(stakingRecords);
export const rewardDayPage = reader(rewardDays);
export const productList = async () => listProducts(await getDb());
/** The product changes and new products waiting for a second administrator, as they will be once approved. */
export const pendingProductList = async () => pendingProductProposals(await getDb(), { at: now() });
