// The service's icon at /favicon.ico, which browsers ask for on every page they open: a parcel, 16 × 16,
// drawn here as a 32-bit ICO (an ICONDIR, one entry, a BITMAPINFOHEADER, BGRA rows bottom-up and the
// AND mask that 32-bit images leave empty), so that no binary file stands in the repository.

const SIZE = 16;
/** Header bytes: ICONDIR (6) and one ICONDIRENTRY (16), then BITMAPINFOHEADER (40). */
const ICONDIR_BYTES = 6 + 16;
const BITMAP_HEADER_BYTES = 40;
/** One row of the AND mask: a bit per pixel, padded to 32 bits. */
const MASK_ROW_BYTES = Math.ceil(SIZE / 32) * 4;

type Rgba = readonly [number, number, number, number];
const CLEAR: Rgba = [0, 0, 0, 0];
const CARDBOARD: Rgba = [0xc6, 0x8a, 0x4f, 0xff];
const EDGE: Rgba = [0x6b, 0x42, 0x1c, 0xff];
const TAPE: Rgba = [0xf1, 0xd9, 0x9a, 0xff];

/** The parcel's pixel at column `x`, row `y` (row 0 at the top): a box with its edge and a strip of tape. */
function pixel(x: number, y: number): Rgba {
  if (x < 1 || x > 14 || y < 2 || y > 14) return CLEAR;
  if (x === 1 || x === 14 || y === 2 || y === 14 || y === 6) return EDGE;
  if (x === 7 || x === 8) return TAPE;
  return CARDBOARD;
}

/** The icon's bytes (about 1 KB); the same on every call. */
export function faviconIco(): Buffer {
  const pixels = SIZE * SIZE * 4;
  const image = BITMAP_HEADER_BYTES + pixels + MASK_ROW_BYTES * SIZE;
  const ico = Buffer.alloc(ICONDIR_BYTES + image);
  ico.writeUInt16LE(1, 2); // type: icon
  ico.writeUInt16LE(1, 4); // one image
  ico.writeUInt8(SIZE, 6);
  ico.writeUInt8(SIZE, 7);
  ico.writeUInt16LE(1, 10); // colour planes
  ico.writeUInt16LE(32, 12); // bits per pixel
  ico.writeUInt32LE(image, 14);
  ico.writeUInt32LE(ICONDIR_BYTES, 18);
  const header = ICONDIR_BYTES;
  ico.writeUInt32LE(BITMAP_HEADER_BYTES, header);
  ico.writeInt32LE(SIZE, header + 4);
  ico.writeInt32LE(SIZE * 2, header + 8); // the colour rows and the mask's, as ICO bitmaps count them
  ico.writeUInt16LE(1, header + 12);
  ico.writeUInt16LE(32, header + 14);
  ico.writeUInt32LE(pixels + MASK_ROW_BYTES * SIZE, header + 20);
  let at = header + BITMAP_HEADER_BYTES;
  for (let row = SIZE - 1; row >= 0; row--) {
    for (let x = 0; x < SIZE; x++) {
      const [r, g, b, a] = pixel(x, row);
      ico.writeUInt8(b, at);
      ico.writeUInt8(g, at + 1);
      ico.writeUInt8(r, at + 2);
      ico.writeUInt8(a, at + 3);
      at += 4;
    }
  }
  return ico;
}
