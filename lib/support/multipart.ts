/**
 * Reads an inquiry's multipart body: a few short text fields and up to `maxFiles` files of the `images` field, as a
 * stream. Like lib/kyc/multipart.ts (one file), every byte is counted while it arrives: a file over `maxFileBytes` or
 * a whole body over its cap is cut off (413) without buffering the rest; one file too many is 400
 * INQUIRY_TOO_MANY_IMAGES; a field value over `maxFieldBytes` is 400 INQUIRY_TEXT_TOO_LONG. Files are only bytes
 * here: lib/kyc/image.ts judges them by content afterwards.
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import type { UploadedFile } from "@/lib/kyc/multipart";
import { INQUIRY_MAX_TEXT } from "./dto";

export type InquiryForm = { fields: Record<string, string>; files: UploadedFile[] };

/** Room for the boundaries, part headers and text fields around the files. */
const OVERHEAD = 128 * 1024;

export async function readInquiryForm(
  req: Request,
  opts: { fileField: string; maxFiles: number; maxFileBytes: number; maxFieldBytes: number },
): Promise<InquiryForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("UNSUPPORTED_MEDIA");
  const cap = opts.maxFiles * opts.maxFileBytes + OVERHEAD;
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > cap) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!req.body) return { fields: {}, files: [] };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        // One more than allowed, so that a fourth image is seen (and refused) rather than silently dropped.
        files: opts.maxFiles + 1,
        fileSize: opts.maxFileBytes,
        fields: 10,
        fieldSize: opts.maxFieldBytes,
        parts: opts.maxFiles + 12,
        headerPairs: 20,
      },
    });
  } catch {
    throw new AppError("VALIDATION", { field: opts.fileField });
  }
  const source = Readable.fromWeb(req.body as unknown as WebReadableStream<Uint8Array>);

  return new Promise<InquiryForm>((resolve, reject) => {
    let settled = false;
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let fileCount = 0;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy(); // cancels the request stream: the rest of the body is never read
      parser.removeAllListeners();
      parser.on("error", () => {});
      reject(err);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError("INQUIRY_TEXT_TOO_LONG", { max: INQUIRY_MAX_TEXT }));
      if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== opts.fileField) {
        stream.resume();
        return;
      }
      fileCount += 1;
      if (fileCount > opts.maxFiles) {
        stream.resume();
        return fail(new AppError("INQUIRY_TOO_MANY_IMAGES", { max: opts.maxFiles }));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxFileBytes) fail(new AppError("PAYLOAD_TOO_LARGE"));
        else chunks.push(chunk);
      });
      stream.on("limit", () => fail(new AppError("PAYLOAD_TOO_LARGE")));
      stream.on("end", () => {
        // An empty file part (a form sent with no file chosen) is no image.
        if (!settled && size > 0)
          files.push({
            data: Buffer.concat(chunks, size),
            filename: info.filename ?? "",
            mimeType: info.mimeType ?? "",
          });
      });
    });
    parser.on("filesLimit", () => fail(new AppError("INQUIRY_TOO_MANY_IMAGES", { max: opts.maxFiles })));
    parser.on("error", () => fail(new AppError("VALIDATION", { field: opts.fileField })));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    source.on("error", () => fail(new AppError("VALIDATION", { field: opts.fileField })));
    let total = 0;
    source.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) fail(new AppError("PAYLOAD_TOO_LARGE"));
    });
    source.pipe(parser);
  });
}
