// What a JPEG declares before its pixels: the frame's size (SOFn) and the EXIF orientation (APP1), read from the
// marker segments up to the first scan. The size is checked before decoding; the orientation is applied to the
// decoded pixels, since the re-encoded JPEG carries no EXIF (pdfkit would otherwise have rotated it when drawing).

export const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);

export interface JpegInfo {
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1: as stored). */
  orientation: number;
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > JPEG_SOI.length && JPEG_SOI.equals(bytes.subarray(0, JPEG_SOI.length));
}

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** EXIF orientation from an APP1 segment's data ("Exif\0\0" then a TIFF header); 1 when absent or unreadable. */
function exifOrientation(segment: Buffer): number {
  if (segment.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = segment.subarray(6);
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The frame size and orientation; null when no frame header comes before the first scan (not a usable JPEG). */
export function readJpegInfo(bytes: Buffer): JpegInfo | null {
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or a scan, before any frame header
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(at + 4, at + 2 + length);
    if (marker === 0xe1) orientation = exifOrientation(segment);
    if (isStartOfFrame(marker)) {
      if (segment.length < 6) return null;
      const height = segment.readUInt16BE(1);
      const width = segment.readUInt16BE(3);
      return width > 0 && height > 0 ? { width, height, orientation } : null;
    }
    at += 2 + length;
  }
  return null;
}
