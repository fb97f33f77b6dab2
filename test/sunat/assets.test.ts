// The SUNAT files bundled in assets/sunat/ (XSD set, error catalogue): the product reads them from inside the
// repository, every schema the simulator may pick compiles, and a missing, unreadable or foreign file stops the
// start with a Spanish message naming it — never a silent fallback.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BundledAssetError } from '../../src/sunat/assets.ts';
import {
  DEFAULT_ERROR_CODES_PATH,
  describeSunatCode,
  loadSunatErrorCodes,
  sunatMessage,
} from '../../src/sunat/error-codes.ts';
import { createSunatSimulator } from '../../src/simulator/plugin.ts';
import { DEFAULT_XSD_DIR, preloadSchemas, schemaPath, validateXsd } from '../../src/simulator/xsd.ts';
import { REPO_ROOT } from '../fixtures/invoices.ts';

const scratch = mkdtempSync(join(tmpdir(), 'facturo-assets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every main schema schemaPath can answer, as [root, UBLVersionID]. */
const MAIN_SCHEMAS = [
  ['Invoice', '2.1'],
  ['CreditNote', '2.1'],
  ['DebitNote', '2.1'],
  ['ApplicationResponse', '2.1'],
  ['Invoice', '2.0'],
  ['CreditNote', '2.0'],
  ['DebitNote', '2.0'],
  ['ApplicationResponse', '2.0'],
  ['Perception', '2.0'],
  ['Retention', '2.0'],
  ['SummaryDocuments', '2.0'],
  ['VoidedDocuments', '2.0'],
] as const;

describe('the bundled XSD set', () => {
  it('lives in the repository', () => {
    expect(relative(REPO_ROOT, DEFAULT_XSD_DIR)).toBe(join('assets', 'sunat', 'xsd'));
  });

  it.each(MAIN_SCHEMAS)('compiles %s (UBL %s) and judges with it', (root, version) => {
    const schema = schemaPath(DEFAULT_XSD_DIR, root, version)!;
    const verdict = validateXsd(Buffer.from('<NotAUblDocument/>'), schema);
    expect(verdict.valid).toBe(false);
    expect(verdict).toMatchObject({ message: expect.stringContaining('NotAUblDocument') });
  });
});

describe('the bundled error catalogue', () => {
  it('lives in the repository and loads, with the newer codes it lacks added', () => {
    expect(relative(REPO_ROOT, DEFAULT_ERROR_CODES_PATH)).toBe(
      join('assets', 'sunat', 'error-codes', 'CodeErrors.xml'),
    );
    loadSunatErrorCodes();
    expect(describeSunatCode('2335')).toBe('El documento electrónico ingresado ha sido alterado');
    expect(describeSunatCode('3319')).toBe('La suma de las cuotas debe ser igual al Monto neto pendiente de pago.');
  });
});

describe('a missing or unusable asset stops the start, naming the file', () => {
  it('a missing catalogue: no degraded table, the one in use stays', () => {
    const path = join(scratch, 'missing', 'CodeErrors.xml');
    expect(() => loadSunatErrorCodes(path)).toThrow(BundledAssetError);
    expect(() => loadSunatErrorCodes(path)).toThrow(
      `No se puede usar el catálogo de errores de SUNAT ${path}: no existe`,
    );
    expect(sunatMessage('2335')).toBe('El documento electrónico ingresado ha sido alterado');
  });

  it('an unreadable catalogue (a folder in its place) and one without a single code', () => {
    expect(() => loadSunatErrorCodes(scratch)).toThrow(`${scratch}: es una carpeta`);
    const foreign = join(scratch, 'foreign.xml');
    writeFileSync(foreign, '<?xml version="1.0"?><errores><item numero="2335">x</item></errores>');
    expect(() => loadSunatErrorCodes(foreign)).toThrow(`${foreign}: no contiene ningún <error code="…">`);
  });

  it('a missing schema stops the simulator before it serves anything', () => {
    const empty = join(scratch, 'no-xsd');
    mkdirSync(empty);
    const expected = join(empty, '2.1', 'maindoc', 'UBL-Invoice-2.1.xsd');
    expect(() => createSunatSimulator({ xsdDir: empty })).toThrow(BundledAssetError);
    expect(() => createSunatSimulator({ xsdDir: empty })).toThrow(
      `No se puede usar el esquema XSD ${expected}: no existe`,
    );
  });

  it('a main schema whose imported files are missing names the main schema', () => {
    const partial = join(scratch, 'partial-xsd');
    mkdirSync(join(partial, '2.1', 'maindoc'), { recursive: true });
    const main = join(partial, '2.1', 'maindoc', 'UBL-Invoice-2.1.xsd');
    copyFileSync(join(DEFAULT_XSD_DIR, '2.1', 'maindoc', 'UBL-Invoice-2.1.xsd'), main);
    expect(() => preloadSchemas(partial)).toThrow(`No se puede usar el esquema XSD ${main}: inválido o incompleto`);
  });
});
