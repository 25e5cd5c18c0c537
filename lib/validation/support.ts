/** Inputs of the 1:1 support calls (lib/support). Text rules live in lib/support/thread.ts (codes per failure). */
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { numericIdOrThrow } from "./wallet";

/** An inquiry id from the path (inquiries.id is an integer column): anything else is 404. */
export function inquiryIdOrThrow(value: string | undefined): number {
  const id = numericIdOrThrow(value);
  if (id > 2_147_483_647) throw new AppError("NOT_FOUND");
  return id;
}

export const supportQueueSchema = z.object({
  status: z.enum(["open", "all", "RECEIVED", "ANSWERING", "ANSWERED", "CLOSED"]).optional().default("open"),
  who: z.enum(["all", "mine", "unassigned"]).optional().default("all"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});

export const assignSchema = z.object({ assigneeId: z.number().int().min(1).max(2_147_483_647).optional() }).strict();

/** The answer's text is judged by lib/support/thread.ts messageText (INQUIRY_TEXT_REQUIRED / _TOO_LONG). */
export const answerSchema = z.object({ text: z.unknown() });
