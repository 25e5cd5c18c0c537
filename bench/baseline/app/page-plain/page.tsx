import { headers } from "next/headers";

/** A dynamic page without a query (what /login is compared with). */
export default async function PlainDynamicPage() {
  const h = await headers();
  return (
    <main>
      <h1>로그인</h1>
      <form>
        <label>
          아이디 <input name="userId" />
        </label>
        <label>
          비밀번호 <input name="password" type="password" />
        </label>
        <button type="submit">로그인</button>
      </form>
      <p hidden>{h.get("user-agent")?.length}</p>
    </main>
  );
}
