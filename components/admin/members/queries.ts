"use client";

/** Data of the members screen: the list page, one member's stakes, ID document and history (react-query). */
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { AdminIdDocumentDto } from "@/lib/kyc/dto";
import type { MemberDto, MemberPage as MemberPageDto } from "@/lib/members/dto";
import type { AdminMemberStakingDto } from "@/lib/staking/dto";
import type { AdminTransactionDto } from "@/lib/wallet/dto";

// The route's own contract types (lib/<domain>/dto.ts), so a change to an answer shows here at compile time.
export type MemberRow = MemberDto;
export type MemberPage = MemberPageDto;
export type MemberFilter = { search: string; phone: string; page: number };

export const PAGE_SIZE = 10;
export const membersKey = ["admin", "members"] as const;
export const memberKey = (id: number) => ["admin", "member", id] as const;

export function useMemberPage(f: MemberFilter) {
  return useQuery({
    queryKey: [...membersKey, f],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(f.page), limit: String(PAGE_SIZE) });
      if (f.search) q.set("search", f.search);
      if (f.phone) q.set("phone", f.phone);
      return api<MemberPage>(`/api/admin/users/paginated?${q}`);
    },
    placeholderData: (prev) => prev,
  });
}

export type Stake = AdminMemberStakingDto["stakes"][number];

export function useMemberStaking(id: number) {
  return useQuery({
    queryKey: [...memberKey(id), "staking"],
    queryFn: () => api<{ stakes: Stake[] }>(`/api/admin/users/${id}/staking`),
  });
}

export type IdDocument = AdminIdDocumentDto;

export function useMemberIdDocument(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...memberKey(id), "id-document"],
    queryFn: () => api<IdDocument>(`/api/admin/users/${id}/id-document`),
    enabled,
  });
}

export type Tx = AdminTransactionDto;

export function useMemberTransactions(id: number, page: number) {
  return useQuery({
    queryKey: [...memberKey(id), "transactions", page],
    queryFn: () => api<{ items: Tx[]; total: number }>(`/api/admin/users/${id}/transactions?page=${page}&limit=10`),
    placeholderData: (prev) => prev,
  });
}

/** The member's WLD rewards balance (what 이자 조정 moves). */
export function useMemberRewards(id: number) {
  return useQuery({
    queryKey: [...memberKey(id), "rewards"],
    queryFn: () => api<{ profit: string }>(`/api/admin/users/${id}/staking-profit`),
  });
}
