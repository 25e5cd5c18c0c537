/**
 * ID verification end to end: a fresh member uploads a real PNG through /verify (preview,
 * confirmation, progress), an admin approves it through the API, and the member sees the approved
 * state with the 1000 WLD reward.
 */
import { staffRequest } from "./admin";
import { expect, test } from "./fixtures";
import sharp from "sharp";

test("a member registers an ID on /verify, an admin approves it, the member sees it approved", async ({
  page,
  baseURL,
}) => {
  const handle = `kyc${Date.now().toString(36)}`;
  const password = "Verify-Me-2026";
  const signup = await page.request.post("/api/signup", {
    data: { name: "인증회원", userId: handle, password, refId: "WELCOME1" },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post("/api/login", { data: { userId: handle, password } });
  expect(login.status()).toBe(200);

  await page.goto("/verify");
  await expect(page.getByRole("heading", { name: "신분증 인증" })).toBeVisible();
  await expect(page.getByText("선택된 파일이 없습니다.")).toBeVisible();

  // Nothing to register until a file is chosen, and the page says so.
  await expect(page.getByRole("button", { name: "신분증 등록" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "신분증 등록" })).toHaveAccessibleDescription(
    "먼저 신분증 이미지를 선택하세요.",
  );

  // A file that is not jpg/jpeg/png is refused in the browser already.
  await page.getByLabel("신분증 이미지 선택").setInputFiles({
    name: "id.gif",
    mimeType: "image/gif",
    buffer: Buffer.from("GIF89a"),
  });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("jpg, jpeg, png 파일만 업로드할 수 있습니다.");

  const png = await sharp({ create: { width: 900, height: 560, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  await page.getByLabel("신분증 이미지 선택").setInputFiles({ name: "my-id.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "선택한 신분증 미리보기" })).toBeVisible();
  await expect(page.getByTestId("chosen-file")).toContainText("my-id.png");
  await expect(page.getByRole("button", { name: "신분증 등록" })).toBeEnabled();

  await page.getByRole("button", { name: "신분증 등록" }).click();
  const dialog = page.getByRole("dialog", { name: "신분증 등록" });
  await expect(dialog.getByText("신분증을 등록하시겠습니까?")).toBeVisible();
  await dialog.getByRole("button", { name: "등록" }).click();

  const status = page.getByTestId("verify-status");
  await expect(status.getByText("승인 대기 중")).toBeVisible();

  // The member's own image URL opens for them, privately.
  const lookup = await page.request.get(`/api/users/${handle}/id-image`);
  expect(lookup.status()).toBe(200);
  const { url } = await lookup.json();
  const image = await page.request.get(url);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toBe("private, no-store");

  // An admin approves it through the API.
  const admin = await staffRequest(baseURL, "admin");
  const review = await admin.get(`/api/admin/users/paginated?search=${handle}`);
  let memberId: number | undefined;
  if (review.ok()) {
    const body = await review.json();
    memberId = (body.users ?? body.items ?? []).find((u: { userId: string }) => u.userId === handle)?.id;
  }
  if (!memberId) {
    const me = await page.request.get(`/api/users/by-id/${handle}`);
    memberId = (await me.json()).id;
  }
  expect(memberId).toBeTruthy();
  const approve = await admin.patch(`/api/admin/users/${memberId}/approve-id`);
  expect(approve.status()).toBe(200);
  expect(await approve.json()).toMatchObject({ idStatus: "APPROVED", rewardPaid: true });
  const again = await admin.patch(`/api/admin/users/${memberId}/approve-id`);
  expect(again.status()).toBe(409);
  await admin.dispose();

  await page.reload();
  await expect(status.getByText("인증 완료", { exact: true })).toBeVisible();
  await expect(status.getByText("1,000 WLD 보상을 이미 받았습니다.")).toBeVisible();
  await expect(page.getByRole("button", { name: /등록/ })).toHaveCount(0);
});

test("E27 the server refuses a 12 MB upload with 413, declared or streamed, and stays healthy", async ({
  page,
  baseURL,
}) => {
  const handle = `big${Date.now().toString(36)}`;
  const password = "Verify-Me-2026";
  expect(
    (
      await page.request.post("/api/signup", { data: { name: "큰파일", userId: handle, password, refId: "WELCOME1" } })
    ).status(),
  ).toBe(201);
  expect((await page.request.post("/api/login", { data: { userId: handle, password } })).status()).toBe(200);

  const big = Buffer.alloc(12 * 1024 * 1024, 7);
  const declared = await page.request.post("/api/upload-id", {
    multipart: { idImage: { name: "big.png", mimeType: "image/png", buffer: big } },
  });
  expect(declared.status()).toBe(413);

  // Chunked, with no Content-Length: cut off at the limit while streaming.
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const boundary = "----e2eboundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="idImage"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new Uint8Array(head));
      if (sent >= big.length) {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
        return controller.close();
      }
      controller.enqueue(new Uint8Array(big.subarray(sent, sent + 256 * 1024)));
      sent += 256 * 1024;
    },
  });
  let status = 0;
  try {
    const res = await fetch(`${baseURL}/api/upload-id`, {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: "half",
    });
    status = res.status;
  } catch {
    status = -1; // the server may close the connection before the client finishes sending
  }
  expect([413, -1]).toContain(status);
  const state = await page.request.get(`/api/users/${handle}/id-document`);
  expect(await state.json()).toMatchObject({ idStatus: "NONE", url: null });
  expect((await page.request.get("/api/health")).status()).toBe(200);
});
