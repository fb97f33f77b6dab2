// The SUNAT data files bundled with the product (assets/sunat/: the XSD set and the error catalogue, each with
// a SOURCE.md). They are part of the code: a missing or unreadable one is an installation fault that must stop
// the start with the file's name, never be papered over by a degraded answer.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** assets/sunat at the repository root (this file is src/sunat/assets.ts). */
export const SUNAT_ASSETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'sunat');

/** `what` names the asset in Spanish ("el esquema XSD"); the message always carries the file's path. */
export class BundledAssetError extends Error {
  constructor(
    readonly path: string,
    what: string,
    detail: string,
  ) {
    super(`No se puede usar ${what} ${path}: ${detail} (los archivos de SUNAT se incluyen en assets/sunat/)`);
    this.name = 'BundledAssetError';
  }
}

/** The file's bytes, or a BundledAssetError naming it. */
export function readBundledAsset(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new BundledAssetError(path, what, reason(error));
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no existe';
  if (code === 'EACCES' || code === 'EPERM') return 'sin permiso de lectura';
  if (code === 'EISDIR') return 'es una carpeta';
  return error instanceof Error ? error.message : String(error);
}
