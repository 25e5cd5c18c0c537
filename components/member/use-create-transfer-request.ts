"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { useMember } from "./member-context";
import { keys } from "./queries";

export type TransferRequestInput = { coinSymbol: string; amount: string; idempotencyKey: string };

/**
 * POST /api/transfer-requests (type TRANSFER) for the signed-in member. On success the staked
 * balance, the member's request list and the one-pending-request check are refreshed, then the
 * caller's onSuccess runs with the server's answer (its message, if any).
 */
export function useCreateTransferRequest({
  onSuccess,
  onError,
}: {
  onSuccess: (res: { message?: string }) => void;
  onError?: (err: Error) => void;
}) {
  const { userId } = useMember();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ coinSymbol, amount, idempotencyKey }: TransferRequestInput) =>
      api<{ message?: string }>("/api/transfer-requests", {
        method: "POST",
        body: { userId, coinSymbol, amount, type: "TRANSFER" },
        idempotencyKey,
      }),
    onSuccess: (res) => {
      qc.invalidateQueries({ queryKey: keys.staked(userId) });
      qc.invalidateQueries({ queryKey: ["transfer-duplicate", userId] });
      qc.invalidateQueries({ queryKey: ["my-requests", userId] });
      onSuccess(res);
    },
    onError,
  });
}
