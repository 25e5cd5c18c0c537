/**
 * Staking figures for members and the admin screens: stakes, rewards, runs and products. The console's lists (a
 * member's stakes as administrators see them, progress, records, reward days) may be a few seconds stale and read
 * the replica when one is current (lib/read.ts `replicaReader`); members' own figures read the primary.
 */
import "server-only";
import {
  listProducts,
  pendingProductProposals,
  stakedCoins,
  stakingHistory,
  stakingProfit,
} from "@/db/queries/staking";
import { adminMemberStaking, rewardDays, stakingProgress, stakingRecords } from "@/db/queries/staking-admin";
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { reader, replicaReader } from "@/lib/read";

export const stakedCoinsOf = reader(stakedCoins);
export const stakingHistoryOf = reader(stakingHistory);
export const stakingProfitOf = reader(stakingProfit);
export const memberStakingOf = replicaReader(adminMemberStaking);
export const stakingProgressPage = replicaReader(stakingProgress);
export const stakingRecordsPage = replicaReader(stakingRecords);
export const rewardDayPage = replicaReader(rewardDays);
export const productList = async () => listProducts(await getDb());
/** The product changes and new products waiting for a second administrator, as they will be once approved. */
export const pendingProductList = async () => pendingProductProposals(await getDb(), { at: now() });
