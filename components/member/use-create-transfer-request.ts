"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
// Types only (erased at build): the answer is exactly what the server writes.
import type { CreatedTransfer } from "@/lib/wallet/requests";
import type { TravelRuleBody } from "@/lib/wallet/review";
import { useMember } from "./member-context";
import { keys } from "./queries";
import { refreshQueries } from "@/lib/client/refresh";

export type SendType = "TRANSFER" | "WITHDRAW";
export type TransferRequestInput = {
  coinSymbol: string;
  amount: string;
  idempotencyKey: string;
  type?: SendType;
  /** Two-factor on: the code from the authenticator app (lib/auth/two-factor.ts). */
  otp?: string;
  /** At or above the Travel Rule's threshold: the recipient's details (the server asks with 400 TRAVEL_RULE_REQUIRED). */
  travelRule?: TravelRuleBody;
};
export type TransferRequestAnswer = { message?: string; request?: CreatedTransfer };

/**
 * POST /api/transfer-requests (type TRANSFER, or WITHDRAW) for the signed-in member. On success the staked
 * balance, the member's request list and the one-pending-request check are refreshed, then the caller's
 * onSuccess runs with the server's answer (its message and the request for the receipt).
 */
export function useCreateTransferRequest({
  onSuccess,
  onError,
}: {
  onSuccess: (res: TransferRequestAnswer) => void;
  onError?: (err: Error) => void;
}) {
  const { userId } = useMember();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ coinSymbol, amount, idempotencyKey, type = "TRANSFER", otp, travelRule }: TransferRequestInput) =>
      api<TransferRequestAnswer>("/api/transfer-requests", {
        method: "POST",
        body: { userId, coinSymbol, amount, type, otp, travelRule },
        idempotencyKey,
      }),
    onSuccess: (res) => {
      refreshQueries(qc, { queryKey: keys.staked(userId) });
      refreshQueries(qc, { queryKey: ["transfer-duplicate", userId] });
      refreshQueries(qc, { queryKey: ["my-requests", userId] });
      refreshQueries(qc, { queryKey: ["withdraw-status", userId] });
      onSuccess(res);
    },
    onError,
  });
}
