import { pageRow } from "../../lib/work";

export const dynamic = "force-dynamic";

/** A dynamic page with one query (what /home is compared with). */
export default async function PageWithQuery() {
  const n = await pageRow();
  return (
    <main>
      <h1>홈</h1>
      <p>계정 {n}개</p>
    </main>
  );
}
