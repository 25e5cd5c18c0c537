/**
 * Reads one file field from a multipart body as a stream, keeping at most `maxBytes` in memory.
 * A declared Content-Length over the limit is refused before anything is read; a body that turns
 * out larger (file or whole body, chunked or not) is cut off at the limit (the request stream is
 * cancelled, nothing more is read).
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";

export type UploadedFile = { data: Buffer; filename: string; mimeType: string };

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function readMultipartFile(req: Request, field: string, maxBytes: number): Promise<UploadedFile | null> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("UNSUPPORTED_MEDIA");
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes + MULTIPART_OVERHEAD) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!req.body) return null;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    });
  } catch {
    throw new AppError("VALIDATION", { field });
  }
  const source = Readable.fromWeb(req.body as unknown as WebReadableStream<Uint8Array>);

  return new Promise<UploadedFile | null>((resolve, reject) => {
    let settled = false;
    let found: UploadedFile | null = null;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy(); // cancels the request stream: the rest of an oversized body is never read
      parser.removeAllListeners();
      parser.on("error", () => {});
      reject(err);
    };

    parser.on("file", (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new AppError("PAYLOAD_TOO_LARGE"));
        else chunks.push(chunk);
      });
      stream.on("limit", () => fail(new AppError("PAYLOAD_TOO_LARGE")));
      stream.on("end", () => {
        if (!settled && size > 0)
          found = { data: Buffer.concat(chunks, size), filename: info.filename ?? "", mimeType: info.mimeType ?? "" };
      });
    });
    parser.on("error", () => fail(new AppError("VALIDATION", { field })));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve(found);
    });
    source.on("error", () => fail(new AppError("VALIDATION", { field })));
    // The whole body is counted too: a chunked body of preamble, skipped parts or junk stops at the cap.
    let total = 0;
    source.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes + MULTIPART_OVERHEAD) fail(new AppError("PAYLOAD_TOO_LARGE"));
    });
    source.pipe(parser);
  });
}
