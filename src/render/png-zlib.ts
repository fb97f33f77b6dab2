// The zlib stream (RFC 1950) of a PNG's scanlines, encoded here for the QR's PNG (qr.ts): one deflate block with
// the fixed Huffman codes (RFC 1951 §3.2.6), each scanline that repeats the previous one a back-reference to it,
// every other byte a literal. A QR image is scanlines repeated `scale` times and little else, which this catches
// whole. zlib's deflateSync did the same in ~50–90 µs of every issued document — mostly setting up and tearing down
// its 256 KB of state for a 2 KB image — where this loop takes a few.

/** Length codes 257–285: base length and extra bits (RFC 1951 §3.2.5). */
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/** Distance codes 0–29: base distance and extra bits. */
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const MAX_MATCH = 258;
const MIN_MATCH = 3;
const MAX_DISTANCE = 32_768;
const END_OF_BLOCK = 256;

/** Huffman codes are sent most significant bit first into a stream packed from the least significant bit. */
function reversed(code: number, bits: number): number {
  let out = 0;
  for (let i = 0; i < bits; i++) {
    out = (out << 1) | (code & 1);
    code >>= 1;
  }
  return out;
}

/** The fixed literal/length code of each symbol 0–287: its bits, reversed, and their count. */
const LITERAL_CODE = new Uint16Array(288);
const LITERAL_BITS = new Uint8Array(288);
for (let symbol = 0; symbol < 288; symbol++) {
  const [code, bits] =
    symbol < 144
      ? [0x30 + symbol, 8]
      : symbol < 256
        ? [0x190 + symbol - 144, 9]
        : symbol < 280
          ? [symbol - 256, 7]
          : [0xc0 + symbol - 280, 8];
  LITERAL_CODE[symbol] = reversed(code, bits);
  LITERAL_BITS[symbol] = bits;
}

/** Index into LENGTH_BASE of each match length 3–258. */
const LENGTH_INDEX = new Uint8Array(MAX_MATCH + 1);
for (let i = 0; i < LENGTH_BASE.length; i++) {
  const end = i + 1 < LENGTH_BASE.length ? LENGTH_BASE[i + 1] : MAX_MATCH + 1;
  for (let length = LENGTH_BASE[i]; length < end; length++) LENGTH_INDEX[length] = i;
}

class BitWriter {
  readonly out: Buffer;
  length = 0;
  private bits = 0;
  private count = 0;

  constructor(capacity: number) {
    this.out = Buffer.allocUnsafe(capacity);
  }

  /** `count` bits of `value`, least significant first (count ≤ 16). */
  write(value: number, count: number): void {
    this.bits |= value << this.count;
    this.count += count;
    while (this.count >= 8) {
      this.out[this.length++] = this.bits & 0xff;
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  literal(byte: number): void {
    this.write(LITERAL_CODE[byte], LITERAL_BITS[byte]);
  }

  /** A back-reference of `length` (3–258) bytes at `distanceCode` (its extra bits given). */
  match(length: number, distanceCode: number, distanceExtra: number): void {
    const index = LENGTH_INDEX[length];
    const symbol = 257 + index;
    this.write(LITERAL_CODE[symbol], LITERAL_BITS[symbol]);
    if (LENGTH_EXTRA[index]) this.write(length - LENGTH_BASE[index], LENGTH_EXTRA[index]);
    this.write(reversed(distanceCode, 5), 5);
    if (DISTANCE_EXTRA[distanceCode]) this.write(distanceExtra, DISTANCE_EXTRA[distanceCode]);
  }

  /** Pads the last byte with zeros. */
  flush(): void {
    if (this.count > 0) this.out[this.length++] = this.bits & 0xff;
    this.bits = 0;
    this.count = 0;
  }
}

function distanceCodeOf(distance: number): number {
  let code = DISTANCE_BASE.length - 1;
  while (DISTANCE_BASE[code] > distance) code--;
  return code;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let start = 0; start < data.length; start += 5552) {
    const end = Math.min(start + 5552, data.length);
    for (let i = start; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function sameAsPrevious(raw: Uint8Array, at: number, stride: number): boolean {
  for (let i = 0; i < stride; i++) if (raw[at + i] !== raw[at - stride + i]) return false;
  return true;
}

/** `length` bytes that repeat those `stride` bytes back: back-references of at most 258 bytes each. */
function writeRepeat(writer: BitWriter, raw: Uint8Array, at: number, length: number, stride: number): void {
  const code = distanceCodeOf(stride);
  const extra = stride - DISTANCE_BASE[code];
  let left = length;
  while (left >= MIN_MATCH) {
    // Never leave 1 or 2 bytes behind: no back-reference is that short.
    let take = Math.min(left, MAX_MATCH);
    if (left - take > 0 && left - take < MIN_MATCH) take = left - MIN_MATCH;
    writer.match(take, code, extra);
    left -= take;
  }
  for (let i = at + length - left; i < at + length; i++) writer.literal(raw[i]);
}

/** One scanline's bytes: a run of 4 or more equal bytes as a back-reference to its first, the rest literals. */
function writeScanline(writer: BitWriter, raw: Uint8Array, at: number, stride: number): void {
  const end = at + stride;
  let i = at;
  while (i < end) {
    let run = 1;
    while (i + run < end && raw[i + run] === raw[i] && run < MAX_MATCH + 1) run++;
    writer.literal(raw[i]);
    if (run > MIN_MATCH) {
      writer.match(run - 1, 0, 0); // distance 1: code 0, no extra bits
      i += run;
    } else {
      i++;
    }
  }
}

/**
 * The zlib stream of `raw`, PNG scanlines of `stride` bytes each (filter byte included): any zlib reader inflates it
 * back to `raw` exactly.
 */
export function zlibScanlines(raw: Uint8Array, stride: number): Buffer {
  if (!Number.isInteger(stride) || stride < 1 || raw.length % stride !== 0)
    throw new RangeError(`scanlines of ${stride} bytes cannot make ${raw.length} bytes`);
  // Literals take at most 9 bits; a repeated scanline costs less than its literals.
  const writer = new BitWriter(Math.ceil((raw.length * 9) / 8) + 16);
  writer.out[writer.length++] = 0x78; // CMF: deflate, 32 KB window
  writer.out[writer.length++] = 0x01; // FLG: no dictionary, fastest; (0x78 << 8 | 0x01) % 31 === 0
  writer.write(1, 1); // BFINAL: the only block
  writer.write(1, 2); // BTYPE 01: fixed Huffman codes
  const canRepeat = stride >= MIN_MATCH && stride <= MAX_DISTANCE;
  let at = 0;
  while (at < raw.length) {
    let repeats = 0;
    if (canRepeat && at > 0)
      while (at + repeats * stride < raw.length && sameAsPrevious(raw, at + repeats * stride, stride)) repeats++;
    if (repeats > 0) {
      writeRepeat(writer, raw, at, repeats * stride, stride);
      at += repeats * stride;
      continue;
    }
    writeScanline(writer, raw, at, stride);
    at += stride;
  }
  writer.write(LITERAL_CODE[END_OF_BLOCK], LITERAL_BITS[END_OF_BLOCK]);
  writer.flush();
  const check = adler32(raw);
  const out = writer.out;
  out.writeUInt32BE(check, writer.length);
  return out.subarray(0, writer.length + 4);
}
