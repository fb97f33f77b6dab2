// zlib's raw deflate and inflate through one engine per thread, reset between uses. node:zlib's one-shot calls
// (deflateRawSync, inflateRawSync) build a stream object and allocate and free zlib's whole state (256 KB for
// deflate) on every call. Timed inside the API and the fast stand-in under load (calls alternated, 3,000 of each a
// row), the engine took 15–25 µs off each deflate and 10–12 µs off each inflate of a 12 KB factura or a 4 KB CDR,
// calls of 50–110 µs there against ~30 µs in a loop on their own.
//
// The engine is the native handle under a stream of node:zlib (its `writeSync` and `reset`, what the one-shot calls
// use themselves), which Node does not document. So it is used only after it has proved itself against the public
// calls on a sample, and any surprise afterwards (a missing method, an error, output that does not fit) hands the
// work to the public call. Inflating gives the same bytes either way. Deflating gives a valid stream of the same
// input, but not always the public call's bytes: zlib reads a little past the input when hashing, and a reset engine
// still holds the last input there where a new one holds zeros. So a zip is no longer the same bytes every time it is
// made; nothing keeps or compares zips (they are made for each sending, and SUNAT reads the XML inside).
import {
  constants,
  createDeflateRaw,
  createInflateRaw,
  deflateRawSync,
  inflateRawSync,
  type DeflateRaw,
  type InflateRaw,
} from 'node:zlib';

/** The native handle's two methods used here (node/src/node_zlib.cc). */
interface NativeHandle {
  reset(): void;
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Uint8Array,
    outOffset: number,
    outLength: number,
  ): void;
}

interface Engine {
  stream: DeflateRaw | InflateRaw;
  handle: NativeHandle;
  /** [avail_out, avail_in] after each writeSync. */
  state: Uint32Array;
}

/** The stream's own fields, where node:zlib keeps the handle and the write results. */
interface StreamInternals {
  _handle?: Partial<NativeHandle> | null;
  _writeState?: unknown;
}

function engineOf(stream: DeflateRaw | InflateRaw): Engine | null {
  const { _handle: handle, _writeState: state } = stream as unknown as StreamInternals;
  if (!handle || typeof handle.writeSync !== 'function' || typeof handle.reset !== 'function') return null;
  if (!(state instanceof Uint32Array) || state.length < 2) return null;
  // node:zlib reports a zlib error by destroying the stream (synchronously, inside writeSync) and emitting 'error'
  // later: the listener keeps that event from going unhandled, `usable` sees the destruction.
  stream.on('error', () => {});
  return { stream, handle: handle as NativeHandle, state };
}

/** A destroyed stream's handle is closed, and a closed handle aborts the process when written to: never touched. */
function usable(engine: Engine): boolean {
  return !engine.stream.destroyed && (engine.stream as unknown as StreamInternals)._handle === engine.handle;
}

/**
 * The largest output the engine writes. Past it the public call does the work: the scratch buffer stays small, and
 * the size a zip's directory claims (an answer from outside) never decides an allocation up front.
 */
const ENGINE_LIMIT = 1024 * 1024;

/** Grown on demand up to ENGINE_LIMIT (plus deflate's margin), never shrunk: one per thread, used synchronously. */
let scratch = Buffer.allocUnsafe(64 * 1024);

function scratchOf(size: number): Buffer {
  if (scratch.length < size)
    scratch = Buffer.allocUnsafe(Math.max(size, Math.min(scratch.length * 2, deflateRoom(ENGINE_LIMIT))));
  return scratch;
}

/**
 * One complete raw stream through the engine: all of `input` read, Z_FINISH reached with room to spare, and no
 * error. Returns the output's length in the scratch buffer, or -1 when the engine cannot vouch for it.
 */
function run(engine: Engine, input: Uint8Array, room: number): number {
  if (!usable(engine)) return -1;
  const out = scratchOf(room);
  engine.handle.reset();
  // A failed write leaves the results unwritten: zeros read as "no room left", never as a result.
  engine.state[0] = 0;
  engine.state[1] = 0;
  engine.handle.writeSync(constants.Z_FINISH, input, 0, input.length, out, 0, room);
  const [availOut, availIn] = engine.state;
  if (!usable(engine) || availIn !== 0 || availOut === 0) return -1;
  return room - availOut;
}

// Above zlib's deflateBound for a raw stream at the default window and memory (incompressible input goes out in
// stored blocks, 5 bytes each): what does not fit anyway goes to the public call.
const deflateRoom = (size: number) => size + (size >> 10) + 64;

/**
 * zlib's fastest level: on a 10.7 KB signed factura 42 µs and 3,324 bytes against level 6's 91 µs and 2,969 bytes
 * (measured alone) — half the CPU of every document sent for 12 % more bytes on the wire, a zip SUNAT reads the same.
 */
const DEFLATE_LEVEL = 1;

/** What a new engine must get right before it is used: the public calls' bytes, both ways. */
const SAMPLE = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><Invoice>${'<cbc:ID>F001-1</cbc:ID><cbc:Amount>118.00</cbc:Amount>'.repeat(40)}</Invoice>`,
);
const SAMPLE_PACKED = deflateRawSync(SAMPLE, { level: DEFLATE_LEVEL });

/** undefined: not opened yet; null: not usable in this process (the public call is used). */
let deflater: Engine | null | undefined;

function openDeflater(): Engine | null {
  try {
    const engine = engineOf(createDeflateRaw({ level: DEFLATE_LEVEL }));
    if (!engine) return null;
    const length = run(engine, SAMPLE, deflateRoom(SAMPLE.length));
    if (length < 0 || !scratch.subarray(0, length).equals(deflateRawSync(SAMPLE, { level: DEFLATE_LEVEL })))
      return null;
    return engine;
  } catch {
    return null;
  }
}

/** zlib's raw deflate of `data` at DEFLATE_LEVEL: a stream `inflateRawSync` reads back to `data` (see above). */
export function deflateRaw(data: Uint8Array): Buffer {
  if (deflater === undefined) deflater = openDeflater();
  if (deflater && data.length <= ENGINE_LIMIT) {
    let threw = false;
    try {
      const length = run(deflater, data, deflateRoom(data.length));
      if (length >= 0) return Buffer.from(scratch.subarray(0, length));
    } catch {
      threw = true;
    }
    // Our own bytes never fail to deflate: an error is the engine's, so it is not used again. (Output that did not
    // fit the room is only this input's: the public call takes it.)
    if (threw || !usable(deflater)) deflater = null;
  }
  return deflateRawSync(data, { level: DEFLATE_LEVEL });
}

/** undefined: open one at the next call; null: not usable in this process. */
let inflater: Engine | null | undefined;
/** Whether an inflater has proved itself once in this process (later ones are the same code). */
let inflaterProved = false;

function openInflater(): Engine | null {
  try {
    const engine = engineOf(createInflateRaw());
    if (!engine) return null;
    if (!inflaterProved) {
      const length = run(engine, SAMPLE_PACKED, SAMPLE.length + 1);
      if (length !== SAMPLE.length || !scratch.subarray(0, length).equals(SAMPLE)) return null;
      inflaterProved = true;
    }
    return engine;
  } catch {
    return null;
  }
}

/**
 * zlib's raw inflate of `packed`, expected to give exactly `size` bytes. What does not (corrupt, truncated, longer
 * or shorter) goes to `inflateRawSync`, so the caller gets the public call's result or error as before.
 */
export function inflateRawExact(packed: Uint8Array, size: number): Buffer {
  if (inflater === undefined) inflater = openInflater();
  if (inflater && size < ENGINE_LIMIT) {
    let threw = false;
    try {
      const length = run(inflater, packed, size + 1);
      if (length === size) return Buffer.from(scratch.subarray(0, length));
    } catch {
      threw = true;
    }
    // Corrupt input destroys the stream under the engine (an answer from outside may be anything): the next call
    // opens another.
    if (threw || !usable(inflater)) inflater = inflaterProved ? undefined : null;
  }
  return inflateRawSync(packed, { maxOutputLength: Math.max(size, 1) });
}

/** Whether each engine is doing the work in this thread (false: the public calls are); for tests and diagnostics. */
export function zlibEngines(): { deflate: boolean; inflate: boolean } {
  return { deflate: deflater != null && usable(deflater), inflate: inflater !== null && inflaterProved };
}
