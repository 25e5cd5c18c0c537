/**
 * The wallet's staking and coin tabs as one lazily loaded module: /wallet imports it with React.lazy when either tab
 * is first chosen (both compute with the decimal library), one loader instead of two in the page's first load.
 */
export { CoinTab } from "./coin-tab";
export { StakingTab } from "./staking-tab";
