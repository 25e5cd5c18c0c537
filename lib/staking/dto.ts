/**
 * What the staking routes answer: a member's stakes and reward history, the console's products (and the changes
 * waiting for approval) and one member's stakes as the console reads them. Screens import these from here, never
 * from db/ (components never import @/db); the queries that build them define them, because db/ imports nothing
 * from lib/.
 */
export type { PendingProductDto, ProductDto, StakedCoinDto, StakingHistoryDto } from "@/db/queries/staking";
export type { AdminMemberStakingDto } from "@/db/queries/staking-admin";
