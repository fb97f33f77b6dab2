// Hostile files for the upload routes (the company logo, the signing certificate), for the fuzz test, the drills and
// the upload tests:
// - PNG and JPEG files built by hand that no decoder should be trusted with: pixel data that is not zlib, a row
//   filter byte that does not exist, a header announcing 100000 × 100000 or 11000 × 11000 pixels, a stream that
//   inflates past its header, broken CRCs, truncations;
// - seeded byte mutations of valid images and of a valid PFX (flips, truncations, repeated and cut chunks), so that
//   the decoders meet what no one wrote by hand.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import forge from 'node-forge';
import type { FuzzCase } from './hostile.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer = Buffer.alloc(0), crc?: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc ?? zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

export function ihdr(width: number, height: number, bitDepth = 8, colorType = 6, interlace = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colorType;
  data[12] = interlace;
  return pngChunk('IHDR', data);
}

/** A PNG from its IHDR and IDAT data (any bytes), with the IEND. */
export function pngFile(header: Buffer, idat: Buffer, extra: Buffer[] = []): Buffer {
  return Buffer.concat([SIGNATURE, header, ...extra, pngChunk('IDAT', idat), pngChunk('IEND')]);
}

/** A valid RGBA PNG of a w × h gradient whose left half is transparent. */
export function rgbaPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) row.set([(x * 7) & 255, (y * 5) & 255, 128, x < width / 2 ? 0 : 255], 1 + x * 4);
    rows.push(row);
  }
  return pngFile(ihdr(width, height, 8, 6), zlib.deflateSync(Buffer.concat(rows)));
}

/** A valid 8-bit grey PNG of `side` × `side` black pixels, deflated row by row (11000² is ~120 KB of file). */
export async function hugeGreyPng(side: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const row = Buffer.alloc(1 + side);
  for (let y = 0; y < side; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return pngFile(ihdr(side, side, 8, 0), Buffer.concat(out));
}

export interface HostileImage {
  label: string;
  bytes: () => Buffer | Promise<Buffer>;
}

/** Files that must be refused at upload (and, stored by other means, printed without harm). */
export const HOSTILE_IMAGES: HostileImage[] = [
  // 85 bytes: a 1 × 1 RGBA header and pixel data that is not zlib (png-js threw "incorrect header check").
  {
    label: '85-byte PNG whose IDAT is not zlib',
    bytes: () => pngFile(ihdr(1, 1), Buffer.from('this is not zlib data at all')),
  },
  {
    label: 'PNG row with filter byte 7',
    bytes: () =>
      pngFile(ihdr(2, 2), zlib.deflateSync(Buffer.from([7, 1, 2, 3, 4, 5, 6, 7, 8, 7, 1, 2, 3, 4, 5, 6, 7, 8]))),
  },
  {
    label: 'PNG header of 100000 × 100000',
    bytes: () => pngFile(ihdr(100_000, 100_000), zlib.deflateSync(Buffer.alloc(5))),
  },
  { label: 'PNG of 11000 × 11000 (valid, grey)', bytes: () => hugeGreyPng(11_000) },
  {
    label: 'PNG whose data inflates past its header (1 × 1 announcing, 1 MB inside)',
    bytes: () => pngFile(ihdr(1, 1), zlib.deflateSync(Buffer.alloc(1_000_000))),
  },
  { label: 'PNG with a short pixel stream', bytes: () => pngFile(ihdr(4, 4), zlib.deflateSync(Buffer.alloc(10))) },
  {
    label: 'PNG with a wrong CRC',
    bytes: () =>
      Buffer.concat([
        SIGNATURE,
        ihdr(1, 1),
        pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(5)), 0xdeadbeef),
        pngChunk('IEND'),
      ]),
  },
  { label: 'PNG header 0 × 0', bytes: () => pngFile(ihdr(0, 0), zlib.deflateSync(Buffer.alloc(1))) },
  {
    label: 'PNG RGB with 4 bits (no such type)',
    bytes: () => pngFile(ihdr(1, 1, 4, 2), zlib.deflateSync(Buffer.alloc(3))),
  },
  {
    label: 'PNG without IEND',
    bytes: () => Buffer.concat([SIGNATURE, ihdr(1, 1), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(5)))]),
  },
  { label: 'PNG signature alone', bytes: () => Buffer.from(SIGNATURE) },
  {
    label: 'palette PNG without its palette',
    bytes: () => pngFile(ihdr(1, 1, 8, 3), zlib.deflateSync(Buffer.from([0, 0]))),
  },
  {
    label: 'JPEG header of 65000 × 65000',
    bytes: () => Buffer.from('ffd8ffc0000b08fde8fde801011100ffda0008010100003f00ffd9', 'hex'),
  },
  {
    label: 'JPEG start and nothing else',
    bytes: () => Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  },
];

/** A seeded generator (the same seed gives the same mutations: a failure can be replayed). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface Mutation {
  label: string;
  apply(bytes: Buffer, random: () => number): Buffer;
}

/** Ways to damage a file: what a broken client, a bad disk or an attacker sends instead of it. */
export const BYTE_MUTATIONS: Mutation[] = [
  {
    label: 'one byte flipped',
    apply: (b, r) => {
      const out = Buffer.from(b);
      out[Math.floor(r() * out.length)] ^= 1 + Math.floor(r() * 255);
      return out;
    },
  },
  {
    label: 'ten bytes randomised',
    apply: (b, r) => {
      const out = Buffer.from(b);
      for (let i = 0; i < 10; i++) out[Math.floor(r() * out.length)] = Math.floor(r() * 256);
      return out;
    },
  },
  { label: 'truncated', apply: (b, r) => b.subarray(0, Math.max(1, Math.floor(r() * b.length))) },
  {
    label: 'a slice repeated',
    apply: (b, r) => {
      const at = Math.floor(r() * b.length);
      const length = 1 + Math.floor(r() * Math.min(512, b.length - at));
      return Buffer.concat([b.subarray(0, at + length), b.subarray(at, at + length), b.subarray(at + length)]);
    },
  },
  {
    label: 'a slice cut out',
    apply: (b, r) => {
      const at = Math.floor(r() * b.length);
      return Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + Math.floor(r() * 64)))]);
    },
  },
  {
    label: 'a 32-bit field set to its maximum',
    apply: (b, r) => {
      const out = Buffer.from(b);
      const at = Math.floor(r() * Math.max(1, out.length - 4));
      out.writeUInt32BE(0xffffffff, at);
      return out;
    },
  },
  {
    label: 'garbage appended',
    apply: (b, r) => Buffer.concat([b, Buffer.from(Array.from({ length: 64 }, () => Math.floor(r() * 256)))]),
  },
];

/** `n` mutations of `bytes`, spread over BYTE_MUTATIONS, reproducible from `seed`. */
export function mutatedFiles(bytes: Buffer, n: number, seed: number): { label: string; bytes: Buffer }[] {
  const random = seeded(seed);
  return Array.from({ length: n }, (_, i) => {
    const mutation = BYTE_MUTATIONS[i % BYTE_MUTATIONS.length];
    return { label: mutation.label, bytes: mutation.apply(bytes, random) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// PFX files whose costly key derivation hides where no reader of the outer structure sees it.

const asn1 = forge.asn1;
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();
const oid = (name: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(name).getBytes());
const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const seq = (...nodes: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, nodes);
const explicit0 = (node: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [node]);
const integer = (n: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());

/**
 * A PKCS#12 file (no MAC) whose private key is a shrouded key bag derived with `keyIterations` PBKDF2 rounds, inside
 * a SafeContents that is itself encrypted (PBES2, `outerIterations`): the key's count is readable only after the
 * outer section is decrypted with the password. The certificate travels in a plain section.
 */
export function pfxWithHiddenKey(
  material: { privateKeyPem: string; certificatePem: string },
  password: string,
  keyIterations: number,
  outerIterations = 2048,
): Buffer {
  const pki = forge.pki;
  const keyInfo = pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(pki.privateKeyFromPem(material.privateKeyPem)));
  const shrouded = pki.encryptPrivateKeyInfo(keyInfo, password, { algorithm: 'aes256', count: keyIterations });
  const keyBag = seq(oid(pki.oids.pkcs8ShroudedKeyBag), explicit0(shrouded));
  // The encrypted section: the SafeContents, encrypted as an EncryptedPrivateKeyInfo would be (same PBES2 shape).
  const sealed = pki.encryptPrivateKeyInfo(seq(keyBag), password, { algorithm: 'aes256', count: outerIterations });
  const [algorithm, ciphertext] = sealed.value as forge.asn1.Asn1[];
  const encryptedData = seq(
    integer(0),
    seq(oid(pki.oids.data), algorithm, asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, ciphertext.value as string)),
  );
  const certBag = seq(
    oid(pki.oids.certBag),
    explicit0(
      seq(
        oid(pki.oids.x509Certificate),
        explicit0(octets(der(pki.certificateToAsn1(pki.certificateFromPem(material.certificatePem))))),
      ),
    ),
  );
  const authenticatedSafe = seq(
    seq(oid(pki.oids.data), explicit0(octets(der(seq(certBag))))),
    seq(oid(pki.oids.encryptedData), explicit0(encryptedData)),
  );
  const pfx = seq(integer(3), seq(oid(pki.oids.data), explicit0(octets(der(authenticatedSafe)))));
  return Buffer.from(der(pfx), 'binary');
}

// ---------------------------------------------------------------------------------------------------------------
// Upload cases for the mutation fuzz (bench/fuzz.ts): every hostile image and seeded mutations of a valid PNG, a
// valid JPEG and a valid PFX, sent where companies upload them.

const PFX_FIXTURE = new URL('../test/fixtures/keys/test-modern.pfx', import.meta.url);

/** What a case sends, as the fuzz builds it when sent. */
function uploadCase(
  endpoint: string,
  url: string,
  method: 'PATCH' | 'PUT',
  cls: string,
  label: string,
  body: () => unknown,
): FuzzCase {
  return {
    endpoint,
    example: 'upload',
    target: endpoint.includes('certificate') ? 'pfx_base64' : 'logo',
    cls,
    label,
    method,
    url,
    payload: () => JSON.stringify(body()),
  };
}

/** `n` upload cases (about half images, half PFX files), reproducible from `seed`. */
export async function uploadCases(n: number, seed = 47): Promise<FuzzCase[]> {
  const logo = (bytes: Buffer) => ({ logo: bytes.toString('base64') });
  const pfx = (bytes: Buffer) => ({ pfx_base64: bytes.toString('base64'), password: '123456' });
  const png = rgbaPng(24, 16);
  const jpg = Buffer.from(jpeg.encode({ width: 24, height: 16, data: Buffer.alloc(24 * 16 * 4, 180) }, 85).data);
  const certificate = readFileSync(PFX_FIXTURE);
  const images = await Promise.all(HOSTILE_IMAGES.map(async (h) => ({ label: h.label, bytes: await h.bytes() })));
  const company = (cls: string, label: string, bytes: Buffer) =>
    uploadCase('PATCH /api/company', '/api/company', 'PATCH', cls, label, () => logo(bytes));
  const cert = (label: string, bytes: Buffer) =>
    uploadCase('PUT /api/company/certificate', '/api/company/certificate', 'PUT', 'upload-pfx', label, () =>
      pfx(bytes),
    );
  const perKind = Math.max(1, Math.floor((n - images.length) / 3));
  return [
    ...images.map((i) => company('upload-image', i.label, i.bytes)),
    ...mutatedFiles(png, perKind, seed).map((m) => company('upload-image', `PNG: ${m.label}`, m.bytes)),
    ...mutatedFiles(jpg, perKind, seed + 1).map((m) => company('upload-image', `JPEG: ${m.label}`, m.bytes)),
    ...mutatedFiles(certificate, perKind, seed + 2).map((m) => cert(`PFX: ${m.label}`, m.bytes)),
  ];
}
