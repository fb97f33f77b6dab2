// A QR code encoder for the API's `data.qr` (ISO/IEC 18004): error correction level Q (what SUNAT asks for the
// printed representation), mask pattern 0, numeric and byte segments. It writes the same modules as the qrcode
// package given the same segments, level and mask (tested module by module over every version), without its
// per-call work: the function patterns, format and version bits and the data modules' placement order are laid out
// once per version, the Reed-Solomon generator once per degree, so a code costs its bits, its error correction and
// one pass flipping the modules of its 1 bits (the qrcode package: ~35 µs and ~34 KB allocated per SUNAT QR text;
// this: ~12 µs and ~2.6 KB).

/** Digits in numeric mode, or bytes in byte mode (the shapes the qrcode package takes too). */
export type QrSegment = { mode: 'numeric'; data: string } | { mode: 'byte'; data: Uint8Array };

export interface EncodedQr {
  version: number;
  /** Modules per side. */
  size: number;
  /** size × size modules, row by row: 1 dark, 0 light. */
  modules: Uint8Array;
}

// Level Q, versions 1–40 (index 0 unused): error correction codewords per block, and blocks.
const Q_EC_PER_BLOCK = [
  -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30,
  30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
];
const Q_BLOCKS = [
  -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43,
  45, 48, 51, 53, 56, 59, 62, 65, 68,
];
/** Format information bits of level Q (11) with mask 0. */
const Q_FORMAT_LEVEL = 0b11;
const MASK = 0;

/** Modules left for data and error correction once the function patterns are drawn. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function totalCodewords(version: number): number {
  return Math.floor(rawDataModules(version) / 8);
}

function dataCodewords(version: number): number {
  return totalCodewords(version) - Q_EC_PER_BLOCK[version] * Q_BLOCKS[version];
}

function countBits(mode: QrSegment['mode'], version: number): number {
  if (mode === 'numeric') return version <= 9 ? 10 : version <= 26 ? 12 : 14;
  return version <= 9 ? 8 : 16;
}

function segmentLength(segment: QrSegment): number {
  return segment.data.length;
}

function payloadBits(segment: QrSegment): number {
  const n = segmentLength(segment);
  if (segment.mode === 'byte') return n * 8;
  const rest = n % 3;
  return 10 * Math.floor(n / 3) + (rest === 0 ? 0 : rest === 1 ? 4 : 7);
}

/** The smallest version whose level-Q capacity holds the segments, or throws. */
function versionFor(segments: QrSegment[]): number {
  for (let version = 1; version <= 40; version++) {
    let bits = 0;
    let fits = true;
    for (const s of segments) {
      const count = countBits(s.mode, version);
      if (segmentLength(s) >= 1 << count) fits = false;
      bits += 4 + count + payloadBits(s);
    }
    if (fits && bits <= dataCodewords(version) * 8) return version;
  }
  throw new RangeError('the text does not fit in a level-Q QR code');
}

// ---------------------------------------------------------------------------------------------------------------
// Reed-Solomon over GF(256), polynomial 0x11D

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}

function multiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

const generators = new Map<number, Uint8Array>();

/**
 * The generator polynomial of `degree` as the logarithms of its coefficients, highest first, its leading 1 left
 * out (every coefficient of a Reed-Solomon generator is non-zero, so each has a logarithm).
 */
function generatorLogs(degree: number): Uint8Array {
  let logs = generators.get(degree);
  if (logs) return logs;
  const g = new Uint8Array(degree);
  g[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      g[j] = multiply(g[j], root);
      if (j + 1 < degree) g[j] ^= g[j + 1];
    }
    root = multiply(root, 2);
  }
  logs = g.map((c) => LOG[c]);
  generators.set(degree, logs);
  return logs;
}

/** The division's scratch: a level-Q block has at most 55 codewords, data and error correction together. */
const WORK = new Uint8Array(64);

/**
 * The error correction codewords of data[from, to): the remainder of the block times x^degree divided by the
 * generator, by long division in `work` (the block, then `degree` zeros), written to out[at, at + degree).
 */
function remainder(data: Uint8Array, from: number, to: number, degree: number, out: Uint8Array, at: number): void {
  const logs = generatorLogs(degree);
  const length = to - from;
  const work = WORK;
  for (let i = 0; i < length; i++) work[i] = data[from + i];
  work.fill(0, length, length + degree);
  for (let i = 0; i < length; i++) {
    const coefficient = work[i];
    if (coefficient === 0) continue;
    const logCoefficient = LOG[coefficient];
    for (let j = 0; j < degree; j++) work[i + 1 + j] ^= EXP[logs[j] + logCoefficient];
  }
  for (let j = 0; j < degree; j++) out[at + j] = work[length + j];
}

// ---------------------------------------------------------------------------------------------------------------
// Per-version layout: function patterns, format and version bits, the data modules in placement order

interface Layout {
  size: number;
  /**
   * The function patterns and format/version bits, and every data module as a 0 bit under mask 0 (dark where the
   * mask inverts): a code is this with the modules of its 1 bits flipped.
   */
  template: Uint8Array;
  /** Every data module's index (row × size + column), in the order the bits are placed. */
  dataOrder: Uint32Array;
}

const layouts: Layout[] = [];

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let pos = size - 7; positions.length < count; pos -= step) positions.splice(1, 0, pos);
  return positions;
}

function layoutOf(version: number): Layout {
  const cached = layouts[version];
  if (cached) return cached;
  const size = version * 4 + 17;
  const template = new Uint8Array(size * size);
  const reserved = new Uint8Array(size * size);
  const set: SetModule = (row, column, dark) => {
    template[row * size + column] = dark ? 1 : 0;
    reserved[row * size + column] = 1;
  };
  drawFunctionPatterns(set, version, size);
  drawFormatBits(set, size);
  if (version >= 7) drawVersionBits(set, size, version);
  const dataOrder = placementOrder(reserved, size, rawDataModules(version));
  // Mask pattern 0 over a 0 bit: dark where (row + column) is even.
  for (const index of dataOrder) template[index] = (Math.floor(index / size) + (index % size)) % 2 === 0 ? 1 : 0;
  const layout = { size, template, dataOrder };
  layouts[version] = layout;
  return layout;
}

/** Timing patterns, then the finders (with their separators) and the alignment patterns over them. */
function drawFunctionPatterns(set: SetModule, version: number, size: number): void {
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [row, column] of [
    [3, 3],
    [3, size - 4],
    [size - 4, 3],
  ]) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const r = row + dy;
        const c = column + dx;
        if (r < 0 || r >= size || c < 0 || c >= size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        set(r, c, distance !== 2 && distance !== 4);
      }
  }
  const aligns = alignmentPositions(version, size);
  const last = aligns.length - 1;
  for (let i = 0; i <= last; i++)
    for (let j = 0; j <= last; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          set(aligns[i] + dy, aligns[j] + dx, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
}

/** The data modules in the order bits are placed: two-module columns from the right, up and down in turn. */
function placementOrder(reserved: Uint8Array, size: number, count: number): Uint32Array {
  const order = new Uint32Array(count);
  let k = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // the vertical timing pattern's column is skipped
    const upward = ((right + 1) & 2) === 0;
    for (let vertical = 0; vertical < size; vertical++) {
      const row = upward ? size - 1 - vertical : vertical;
      for (let j = 0; j < 2; j++) {
        const index = row * size + right - j;
        if (!reserved[index]) order[k++] = index;
      }
    }
  }
  if (k !== count) throw new Error(`QR: ${k} data modules where ${count} were expected`);
  return order;
}

type SetModule = (row: number, column: number, dark: boolean) => void;

/** Level Q, mask 0: 5 data bits, their BCH(15,5) code, XOR 0x5412; both copies, and the dark module. */
function drawFormatBits(set: SetModule, size: number): void {
  const data = (Q_FORMAT_LEVEL << 3) | MASK;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(i, 8, bit(i));
  set(7, 8, bit(6));
  set(8, 8, bit(7));
  set(8, 7, bit(8));
  for (let i = 9; i < 15; i++) set(8, 14 - i, bit(i));
  for (let i = 0; i < 8; i++) set(8, size - 1 - i, bit(i));
  for (let i = 8; i < 15; i++) set(size - 15 + i, 8, bit(i));
  set(size - 8, 8, true);
}

/** Versions 7 and up: the version in 6 bits with its BCH(18,6) code, in the two 6×3 blocks. */
function drawVersionBits(set: SetModule, size: number, version: number): void {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  const bits = (version << 12) | rem;
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const a = size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    set(b, a, dark);
    set(a, b, dark);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Data codewords: segments, terminator, padding

class BitWriter {
  bit = 0;
  constructor(readonly out: Uint8Array) {}
  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      if ((value >>> i) & 1) this.out[this.bit >>> 3] |= 0x80 >>> (this.bit & 7);
      this.bit++;
    }
  }
}

function dataCodewordsOf(segments: QrSegment[], version: number): Uint8Array {
  const capacity = dataCodewords(version);
  const out = new Uint8Array(capacity);
  const w = new BitWriter(out);
  for (const s of segments) {
    w.write(s.mode === 'numeric' ? 0b0001 : 0b0100, 4);
    w.write(segmentLength(s), countBits(s.mode, version));
    if (s.mode === 'byte') {
      const bytes = s.data;
      for (let i = 0; i < bytes.length; i++) w.write(bytes[i], 8);
    } else {
      const digits = s.data;
      for (let i = 0; i < digits.length; i += 3) {
        const group = digits.slice(i, i + 3);
        w.write(Number(group), [0, 4, 7, 10][group.length]);
      }
    }
  }
  // Terminator (up to 4 zero bits), zero bits to the byte, then the pad codewords 0xEC 0x11 alternately.
  w.bit = Math.min(w.bit + 4, capacity * 8);
  let at = Math.ceil(w.bit / 8);
  for (let pad = 0xec; at < capacity; at++, pad ^= 0xec ^ 0x11) out[at] = pad;
  return out;
}

/** The data codewords split in blocks, each given its error correction, interleaved as the symbol stores them. */
function interleave(data: Uint8Array, version: number): Uint8Array {
  const blocks = Q_BLOCKS[version];
  const ec = Q_EC_PER_BLOCK[version];
  const total = totalCodewords(version);
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(total / blocks) - ec;
  const out = new Uint8Array(total);
  const ecc = new Uint8Array(blocks * ec);
  let from = 0;
  for (let b = 0; b < blocks; b++) {
    const length = shortData + (b < shortBlocks ? 0 : 1);
    remainder(data, from, from + length, ec, ecc, b * ec);
    // Data codeword i of block b goes to i × blocks + b; the long blocks' last one after every short block's.
    for (let i = 0; i < length; i++) {
      const position = i < shortData ? i * blocks + b : shortData * blocks + (b - shortBlocks);
      out[position] = data[from + i];
    }
    from += length;
  }
  const dataTotal = data.length;
  for (let i = 0; i < ec; i++) for (let b = 0; b < blocks; b++) out[dataTotal + i * blocks + b] = ecc[b * ec + i];
  return out;
}

/** The level-Q, mask-0 QR code of the segments. */
export function encodeQr(segments: QrSegment[]): EncodedQr {
  const version = versionFor(segments);
  const codewords = interleave(dataCodewordsOf(segments, version), version);
  const { size, template, dataOrder } = layoutOf(version);
  const modules = template.slice();
  // The codewords' bits, most significant first, in placement order; the remainder bits after them stay 0.
  for (let c = 0, k = 0; c < codewords.length; c++, k += 8) {
    const byte = codewords[c];
    if (byte === 0) continue;
    for (let b = 0; b < 8; b++) if ((byte << b) & 0x80) modules[dataOrder[k + b]] ^= 1;
  }
  return { version, size, modules };
}
