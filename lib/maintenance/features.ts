/**
 * The features an administrator may pause for maintenance (db/migrations/0024: the table's CHECK lists the same),
 * and which feature a member's action belongs to. Client-safe: the screens pick their banner with it.
 */
export const FEATURES = [
  "signup",
  "login",
  "swap",
  "buy",
  "transfer:OP",
  "transfer:WORLDCHAIN",
  "transfer:ERC20",
  "withdraw:OP",
  "withdraw:WORLDCHAIN",
  "withdraw:ERC20",
] as const;
export type Feature = (typeof FEATURES)[number];

export const isFeature = (v: string): v is Feature => (FEATURES as readonly string[]).includes(v);

/**
 * The feature of a transfer or withdrawal to `walletAddr` (`NETWORK|EXCHANGE|ADDRESS`): per type and network; null
 * without an address (the request is refused for that first, 409 WALLET_REQUIRED).
 */
export function sendFeature(type: "TRANSFER" | "WITHDRAW", walletAddr: string | null | undefined): Feature | null {
  const network = walletAddr?.split("|")[0];
  if (!network) return null;
  const feature = `${type === "TRANSFER" ? "transfer" : "withdraw"}:${network}`;
  return isFeature(feature) ? feature : null;
}

/** The message key of a feature's name (`Maintenance.feature.<key>`: next-intl reads ":" literally, "." as nesting). */
export const featureKey = (f: Feature) => f.replace(":", "_");
