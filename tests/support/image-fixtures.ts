/** Images and hostile files for upload tests, generated on the fly. */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** A photo-sized picture with enough detail that it does not compress to nothing. */
export function photoJpeg(width = 4000, height = 3000): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function smallPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

export async function smallGif(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#00ff00" } })
    .gif()
    .toBuffer();
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A valid PNG header claiming width × height pixels, with a tiny body: a decompression bomb's shape. */
export function hugePngHeader(width = 30000, height = 30000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))), // one row of the many promised
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const htmlPage = Buffer.from(
  "<!doctype html><html><body><script>alert(1)</script></body></html>",
);

/** A JPEG with a ZIP archive appended (a "polyglot"). */
export async function jpegWithZip(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 32, height: 32, channels: 3, background: "#3366cc" },
  })
    .jpeg()
    .toBuffer();
  const zip = Buffer.concat([
    Buffer.from("PK\x03\x04", "latin1"),
    Buffer.from("secret payload".repeat(20)),
  ]);
  return Buffer.concat([jpeg, zip]);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await photoJpeg(400, 300);
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}
