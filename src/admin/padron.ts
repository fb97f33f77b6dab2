// Import of SUNAT's "padrón reducido de RUC" (padron_reducido_ruc.txt, or the .zip SUNAT publishes): pipe-separated,
// Latin-1, one header line, 15 columns, '-' for empty, millions of rows. Streamed (never the whole file in memory)
// into a fresh table in batches, then swapped with the live one in one transaction: lookups never see a half
// import. Batches are `INSERT … SELECT FROM unnest(arrays)` — one statement per 5,000 rows — which also works on
// the embedded PGlite server (no COPY FROM STDIN there). Each import is recorded (central.padron_imports) in the
// swap's transaction: the RUC lookup answers with the date of the data it read.
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import type pg from 'pg';

export const PADRON_COLUMNS = 15;
const BATCH = 5_000;

export interface PadronRow {
  ruc: string;
  name: string;
  state: string;
  condition: string;
  ubigeo: string | null;
  address: string | null;
}

function field(value: string | undefined): string {
  const v = (value ?? '').trim();
  return v === '-' ? '' : v;
}

/** One data line → a row, or null when it is not a RUC line. Address pieces as SUNAT's own consultation joins them. */
export function parsePadronLine(line: string): PadronRow | null {
  const c = line.split('|');
  if (c.length < PADRON_COLUMNS || !/^\d{11}$/.test(c[0].trim())) return null;
  const [
    ruc,
    name,
    state,
    condition,
    ubigeo,
    viaType,
    viaName,
    zoneCode,
    zoneType,
    number,
    interior,
    lot,
    dept,
    block,
    km,
  ] = c.map(field);
  const parts = [
    [viaType, viaName].filter(Boolean).join(' '),
    number && `NRO. ${number}`,
    interior && `INT. ${interior}`,
    dept && `DPTO. ${dept}`,
    block && `MZA. ${block}`,
    lot && `LOTE ${lot}`,
    km && `KM. ${km}`,
    [zoneCode, zoneType].filter(Boolean).join(' '),
  ].filter(Boolean);
  return {
    ruc,
    name,
    state,
    condition,
    ubigeo: /^\d{6}$/.test(ubigeo) ? ubigeo : null,
    address: parts.length ? parts.join(' ') : null,
  };
}

/** The Latin-1 text of the file (or of the .txt inside the zip), chunk by chunk. */
async function* latin1Chunks(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('latin1');
  if (!path.toLowerCase().endsWith('.zip')) {
    for await (const chunk of createReadStream(path)) yield decoder.decode(chunk as Buffer, { stream: true });
    return;
  }
  const queue: Uint8Array[] = [];
  let entryDone = false;
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    if (!/\.txt$/i.test(file.name)) return;
    file.ondata = (err, data, final) => {
      if (err) failure = err;
      else queue.push(data);
      if (final) entryDone = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(path)) {
    unzip.push(chunk as Uint8Array);
    while (queue.length) yield decoder.decode(queue.shift()!, { stream: true });
    if (failure) throw failure;
  }
  unzip.push(new Uint8Array(0), true);
  while (queue.length) yield decoder.decode(queue.shift()!, { stream: true });
  if (failure) throw failure;
  if (!entryDone) throw new Error('el zip no contiene un archivo .txt del padrón');
}

export interface ImportResult {
  rows: number;
  skipped: number;
}

/** The padrón's data lines, parsed: a row, or null for a line that does not parse (counted as skipped). */
async function* padronRows(path: string): AsyncGenerator<PadronRow | null> {
  let rest = '';
  let first = true;
  for await (const text of latin1Chunks(path)) {
    const lines = (rest + text).split(/\r?\n/);
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (first) {
        first = false;
        if (!/^\d{11}\|/.test(line)) continue;
      } // the header line
      if (!line.trim()) continue;
      yield parsePadronLine(line);
    }
  }
  if (rest.trim()) yield parsePadronLine(rest);
}

async function insertBatch(client: pg.PoolClient, batch: PadronRow[]): Promise<void> {
  await client.query(
    `INSERT INTO "central"."padron_ruc_import" (ruc, name, state, condition, ubigeo, address)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) ON CONFLICT (ruc) DO NOTHING`,
    [
      batch.map((r) => r.ruc),
      batch.map((r) => r.name),
      batch.map((r) => r.state),
      batch.map((r) => r.condition),
      batch.map((r) => r.ubigeo),
      batch.map((r) => r.address),
    ],
  );
}

/** The file's rows into the staging table, BATCH at a time. */
async function loadStaging(
  client: pg.PoolClient,
  path: string,
  progress: (rows: number) => void,
): Promise<ImportResult> {
  let rows = 0;
  let skipped = 0;
  let batch: PadronRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await insertBatch(client, batch);
    rows += batch.length;
    batch = [];
    progress(rows);
  };
  for await (const row of padronRows(path)) {
    if (!row) {
      skipped += 1;
      continue;
    }
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { rows, skipped };
}

/** The staging table becomes the padrón, and the import is recorded, in one transaction. */
async function swapIn(client: pg.PoolClient, path: string, { rows, skipped }: ImportResult): Promise<void> {
  await client.query('BEGIN');
  await client.query('DROP TABLE "central"."padron_ruc"');
  await client.query('ALTER TABLE "central"."padron_ruc_import" RENAME TO "padron_ruc"');
  await client.query(
    'ALTER TABLE "central"."padron_ruc" RENAME CONSTRAINT "padron_ruc_import_pkey" TO "padron_ruc_pkey"',
  );
  await client.query(
    'INSERT INTO "central"."padron_imports" (file_name, file_date, rows, skipped) VALUES ($1, $2, $3, $4)',
    [basename(path), statSync(path).mtime, rows, skipped],
  );
  await client.query('COMMIT');
}

export async function importPadron(
  pool: pg.Pool,
  path: string,
  progress: (rows: number) => void = () => undefined,
): Promise<ImportResult> {
  const client = await pool.connect();
  try {
    // One import at a time (two would share the staging table): a second waits for the first to finish.
    await client.query(`SELECT pg_advisory_lock(hashtext('padron:import'))`);
    await client.query('DROP TABLE IF EXISTS "central"."padron_ruc_import"');
    await client.query('CREATE TABLE "central"."padron_ruc_import" (LIKE "central"."padron_ruc" INCLUDING ALL)');
    const result = await loadStaging(client, path, progress);
    await swapIn(client, path, result);
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query('DROP TABLE IF EXISTS "central"."padron_ruc_import"').catch(() => undefined);
    throw error;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('padron:import'))`).catch(() => undefined);
    client.release();
  }
}
