/**
 * The first data of a member screen, read on the server while the page renders and handed to React Query
 * (`HydrationBoundary`), so the member's figures are in the HTML instead of appearing after the scripts
 * have loaded and fetched them (the largest text of /home and /wallet, Lighthouse's LCP element).
 *
 * Each entry is what the matching GET route answers, through the same lib/ use case and the same JSON
 * (a round trip through JSON.stringify, as `json()` sends it), under the key the client hook uses
 * (components/member/queries.ts, components/prices/queries.ts); the client refetches them as before.
 * A read that fails or takes longer than PREFETCH_BUDGET_MS is left out: the client fetches it itself.
 */
import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { cache } from "react";
import { currentUser } from "@/lib/auth/current-user";
import type { SessionUser } from "@/lib/auth/session";
import { profileOrThrow } from "@/lib/members/profile";
import { priceMap, wldQuote } from "@/lib/prices";
import { toPriceDto, toPriceMapDto } from "@/lib/prices/dto";
import { stakedCoinsOf } from "@/lib/staking/reports";
import { coinList } from "@/lib/wallet/balances";
import { lockReleaseAt } from "@/lib/wallet/lock";
import { unreadCount } from "@/lib/notifications/inbox";
import { withDeadline } from "@/lib/deadline";

/** The member of this request, read once however many server components ask (the layout and the page). */
export const memberOfRequest = cache(currentUser);

/** A slow price feed must not hold the page back: past this, the browser fetches what is missing. */
export const PREFETCH_BUDGET_MS = 800;

export type FirstQuery = "profile" | "coins" | "staked" | "price" | "prices" | "config" | "unread";

type Read = { key: readonly unknown[]; read: () => Promise<unknown> };

function reads(user: SessionUser): Record<FirstQuery, Read> {
  return {
    // keys.profile / keys.coins / keys.staked in components/member/queries.ts
    profile: { key: ["profile", user.userId], read: () => profileOrThrow({ id: user.id }) },
    coins: { key: ["coins", user.userId], read: () => coinList(user.id) },
    staked: { key: ["staked", user.userId], read: () => stakedCoinsOf({ userId: user.id }) },
    // useWldPrice / useWldPriceQuery
    price: { key: ["price", "WLD"], read: async () => toPriceDto(await wldQuote()) },
    // pricesQuery
    prices: { key: ["prices"], read: async () => toPriceMapDto(await priceMap()) },
    // useLockRelease
    config: { key: ["config"], read: async () => lockReleaseAt() },
    // The notification bell (components/member/notifications/notification-bell.tsx unreadKey)
    unread: { key: ["notifications", "unread"], read: async () => ({ unread: await unreadCount(user.id) }) },
  };
}

export async function MemberPrefetch({
  user,
  queries,
  children,
}: {
  user: SessionUser;
  queries: FirstQuery[];
  children: React.ReactNode;
}) {
  const client = new QueryClient();
  const table = reads(user);
  await Promise.all(
    queries.map(async (name) => {
      const { key, read } = table[name];
      try {
        const data = JSON.parse(
          JSON.stringify(await withDeadline(PREFETCH_BUDGET_MS, read(), () => new Error("prefetch budget"))),
        );
        client.setQueryData(key, data);
      } catch {
        // Left to the browser, which shows its own skeleton, error or retry.
      }
    }),
  );
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
