/** Test images for the ID-upload tests, made with sharp (and one hand-built PNG header). */
import zlib from "node:zlib";
import sharp from "sharp";

export const pngImage = (width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: "#3b82f6" } })
    .png()
    .toBuffer();

export const gifImage = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#f00" } })
    .gif()
    .toBuffer();

/** A JPEG carrying camera EXIF, a GPS position and XMP. */
export const jpegWithMetadata = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: "#16a34a" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "CanonSpy", Model: "EOS-Secret", Copyright: "Kim" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 33/1 59/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "126/1 58/1 40/1",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>SecretXmpAuthor</dc:creator>' +
        "</rdf:Description></rdf:RDF></x:xmpmeta>",
    )
    .toBuffer();

/** A real JPEG with its second half cut off. */
export async function truncatedJpeg() {
  const noisy = Buffer.alloc(600 * 400 * 3);
  for (let i = 0; i < noisy.length; i++) noisy[i] = (i * 7919) % 251;
  const full = await sharp(noisy, { raw: { width: 600, height: 400, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny, well-formed PNG whose header declares a width × height canvas (a decompression bomb's shape). */
export function pngDeclaring(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export function form(file: Buffer, name = "id.png", type = "image/png", field = "idImage") {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(file)], { type }), name);
  return fd;
}
