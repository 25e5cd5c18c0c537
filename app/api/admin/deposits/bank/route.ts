// POST /api/admin/deposits/bank — an administrator uploads the bank's transaction export (multipart field `file`:
// CSV in UTF-8 or EUC-KR, judged by its bytes; ≤ 1 MiB, else 413 BODY_TOO_LARGE; ≤ 5,000 lines; header 거래일시,
// 입금자명, 입금액, 잔액, 출금액 optional). Each credit line is kept once and matched to the deposit carrying its
// depositor name and exact KRW (lib/deposits/match.ts): a match is the deposit's approval by the uploader (four-eyes
// above the limit), anything else waits for a person (REVIEW with its reason). A bad line → 400
// BANK_STATEMENT_INVALID { detail, line, field } and nothing is applied. 200 { upload: { id, fileName, encoding,
// linesTotal, linesNew, matched, review }, lines: BankLineDto[] }; the same statement again → linesNew 0.
// GET /api/admin/deposits/bank?status=REVIEW|MATCHED|DISMISSED&page&limit — { items: BankLineDto[], total, uploads }
// (the latest 20 uploads).
import { withAdmin } from "@/lib/api/with-auth";
import { uploadStatement } from "@/lib/deposits/match";
import { listBankLines } from "@/lib/deposits/lines";
import { invalid, STATEMENT_MAX_BYTES } from "@/lib/deposits/statement";
import { AppError, isAppError } from "@/lib/errors";
import { readMultipartFile } from "@/lib/kyc/multipart";
import { bankLinesQuerySchema } from "@/lib/validation/deposits";
import { readQuery } from "@/lib/validation/wallet";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    // The multipart reader's own refusals speak of ID images: a statement's say what this form needs.
    const file = await readMultipartFile(req, "file", STATEMENT_MAX_BYTES).catch((e: unknown) => {
      if (isAppError(e) && e.code === "PAYLOAD_TOO_LARGE") throw new AppError("BODY_TOO_LARGE");
      if (isAppError(e) && (e.code === "UNSUPPORTED_MEDIA" || e.code === "NO_FILE"))
        throw invalid("no_file", "no statement file in the multipart field `file`");
      throw e;
    });
    if (!file) throw invalid("no_file", "no statement file in the multipart field `file`");
    return uploadStatement({
      bytes: file.data,
      fileName: file.filename,
      admin: { id: user.id, role: user.role, ip, requestId },
    });
  },
  { permission: "request.decide" },
);

export const GET = withAdmin(async ({ req }) => listBankLines(readQuery(req, bankLinesQuerySchema)), {
  permission: "request.decide",
});
