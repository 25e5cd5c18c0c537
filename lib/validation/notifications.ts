/** Query and path input of the notification routes. */
import { z } from "zod";
import { queryInt } from "./query";

/** ?page (≥ 1) &limit (1–50, default 20): digits only, else 400 VALIDATION. */
const uint = queryInt;

export const notificationPageSchema = z.object({ page: uint(1, 1_000_000), limit: uint(20, 50) });
