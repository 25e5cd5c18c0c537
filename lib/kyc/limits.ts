import type { Limit } from "@/lib/rate-limit";

/**
 * ID uploads per member: decoding and re-encoding costs real CPU (≈0.4 s for a 12 MP photo here),
 * so one account cannot keep the image workers busy. Counted before the body is read.
 */
export const KYC_UPLOAD_LIMIT: Limit = { name: "kyc-upload:user", max: 10, windowSec: 60 * 60 };
