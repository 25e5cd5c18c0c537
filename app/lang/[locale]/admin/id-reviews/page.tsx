// /admin/id-reviews — 신분증 심사. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { IdReviewsScreen } from "@/components/admin/id-reviews/id-reviews-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("id-documents.list");
  return (
    <Suspense>
      <IdReviewsScreen />
    </Suspense>
  );
}
