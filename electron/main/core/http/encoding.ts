/**
 * Compressed answers (#26.3): the encodings every request accepts, which ones an answer names, and undoing them — in
 * one go for an answer read whole, or as it arrives for a list read as it streams — never past the size cap, so a
 * zip bomb is stopped early and never unpacked whole.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { Dispatcher } from 'undici';

/** What every request accepts: the encodings node:zlib decodes. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The encodings an answer names, in the order applied; or the first one Shopdesk cannot undo. */
export function contentEncodings(
  header: string | string[] | undefined,
): { ok: true; applied: string[] } | { ok: false; unknown: string } {
  const applied = String(header ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
  const unknown = applied.find((e) => !DECODERS.has(e));
  return unknown === undefined ? { ok: true, applied } : { ok: false, unknown: unknown.slice(0, 40) };
}

export type Decoded = {
  /** The answer's bytes as the service meant them (decoded), read chunk by chunk. */
  body: Readable;
  /** Whether an error came from unpacking (a corrupt or cut compressed body) rather than from the connection. */
  failed(error: unknown): boolean;
};

/** zlib's stream decoders, for a list read as it streams; a body cut short (no end marker) is an error. */
const DECODERS = new Map<string, (raw: boolean) => Transform>([
  ['gzip', () => zlib.createGunzip()],
  ['x-gzip', () => zlib.createGunzip()],
  ['br', () => zlib.createBrotliDecompress()],
  // "deflate" is meant zlib-wrapped (RFC 9110), but some servers send it raw
  ['deflate', (raw) => (raw ? zlib.createInflateRaw() : zlib.createInflate())],
]);

/** The same in one go, for an answer read whole: much cheaper per answer than a stream (a product page is ~8 KB). */
const UNPACK = new Map<string, (raw: boolean, input: Buffer, options: zlib.ZlibOptions) => Buffer>([
  ['gzip', (_raw, input, options) => zlib.gunzipSync(input, options)],
  ['x-gzip', (_raw, input, options) => zlib.gunzipSync(input, options)],
  ['br', (_raw, input, options) => zlib.brotliDecompressSync(input, options)],
  ['deflate', (raw, input, options) => (raw ? zlib.inflateRawSync(input, options) : zlib.inflateSync(input, options))],
]);

/** A compressed answer that could not be unpacked (corrupt, cut short, not what it says). */
export class UnpackError extends Error {}

/** The first two bytes of a zlib stream: compression method 8 and a header checksum (RFC 1950). */
const zlibWrapped = (chunk: Buffer | null): boolean =>
  chunk !== null && chunk.length >= 2 && (chunk[0]! & 0x0f) === 8 && ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;

/**
 * An answer read whole, unpacked (the last encoding applied undone first), never to more than `maxBytes`: null when it
 * would be more (zlib stops there: a zip bomb is never unpacked whole).
 */
export function unpackWhole(input: Buffer, applied: readonly string[], maxBytes: number): Buffer | null {
  let out = input;
  for (const name of [...applied].reverse()) {
    try {
      out = UNPACK.get(name)!(!zlibWrapped(out), out, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      throw new UnpackError(`could not unpack ${name}`, { cause: error });
    }
  }
  return out;
}

/**
 * A body unpacked as it arrives (gzip, deflate, br, or several in the order applied), counting the bytes that crossed
 * the network. Unpacking follows the reader: nothing is unpacked ahead of what is read, so a size cap on the decoded
 * bytes stops a zip bomb early.
 */
export async function decodedBody(
  response: Dispatcher.ResponseData,
  applied: readonly string[],
  onWire: (bytes: number) => void,
): Promise<Decoded> {
  const iterator = (response.body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  // the last encoding applied is undone first; for a deflate one, its first bytes say whether it is wrapped
  const order = [...applied].reverse();
  let first: Buffer | null = null;
  if (order[0] === 'deflate') {
    const next = await iterator.next();
    first = next.done ? null : next.value;
  }
  const peeked = first;
  async function* wire(): AsyncGenerator<Buffer> {
    if (peeked) {
      onWire(peeked.length);
      yield peeked;
    }
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      onWire(next.value.length);
      yield next.value;
    }
  }
  const failures = new Set<unknown>();
  let body: Readable = Readable.from(wire(), { objectMode: false });
  order.forEach((name, i) => {
    const decoder = DECODERS.get(name)!(i === 0 && !zlibWrapped(peeked));
    decoder.on('error', (error) => failures.add(error));
    body = pipeline(body, decoder, () => undefined);
  });
  return { body, failed: (error) => failures.has(error) };
}
