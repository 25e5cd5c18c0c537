/**
 * POST /api/upload-id — a member submits their ID card image (multipart field `idImage`).
 * 201 { url }; 413 over 10 MB or the pixel limit; 415 not a JPEG/PNG by content; 409 once approved;
 * 429 after 10 uploads in an hour.
 */
import { json } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { submitIdDocument } from "@/lib/kyc/documents";
import { MAX_UPLOAD_BYTES } from "@/lib/kyc/image";
import { KYC_UPLOAD_LIMIT } from "@/lib/kyc/limits";
import { readMultipartFile } from "@/lib/kyc/multipart";
import { enforce } from "@/lib/rate-limit";

export const runtime = "nodejs";

export const POST = withUser(async ({ req, user, ip, requestId }) => {
  if (user.idStatus === "APPROVED") throw new AppError("ALREADY_APPROVED");
  await enforce(KYC_UPLOAD_LIMIT, String(user.id));
  const file = await readMultipartFile(req, "idImage", MAX_UPLOAD_BYTES);
  if (!file) throw new AppError("NO_FILE");
  const { url } = await submitIdDocument(user, file, { ip, requestId });
  return json({ url }, 201);
});
