/**
 * Reading one answer from the service: its size held under the cap (decoded bytes count, so a zip bomb stops early),
 * unpacked, and then streamed to a sink, handed back as bytes, or parsed as JSON — or, for an error status or an
 * answer that is not data, turned into its failure. What an answer is (ApiResponse, its validators) is said here.
 */
import type { Dispatcher } from 'undici';
import { redact } from '../redact';
import { contentEncodings, decodedBody, UnpackError, unpackWhole, type Decoded } from './encoding';
import { ApiFailure, statusFailure, toFailure } from './failure';
import { jsonBody } from './fields';

/** What identifies a version of a response: sent back as If-None-Match / If-Modified-Since next time. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export interface ApiResponse {
  status: number;
  /** Undefined for a 304 (nothing read, nothing parsed). */
  body: unknown;
  /** The answer's size as read (decoded: what the size cap counts). */
  bytes: number;
  /** The answer's size as it crossed the network (compressed when the service compressed it). */
  wireBytes: number;
  /** The service's clock from the answer's Date header (UTC, whole seconds); null when absent or unreadable. */
  date: number | null;
  /** 304: the service says the version named by the validators sent is still current. */
  notModified: boolean;
  /** The validators of this answer (the ones sent, for a 304). */
  validators: Validators;
  /** With `asBytes`: a successful answer's body as sent (decoded), not parsed; and its content type. */
  raw?: Buffer;
  contentType?: string;
}

/** How one answer is read: its caller's limits and what the body is for. */
export interface ReadOptions {
  maxBytes: number;
  signal: AbortSignal;
  /** The token the request carried: never kept in an excerpt of the answer (a proxy may echo it). */
  token: string;
  /** The answer's Date header as read (NaN when absent or unreadable). */
  date: number;
  /** Takes a successful answer's body chunk by chunk (RequestOptions.sink). */
  sink?: (chunk: Buffer) => void;
  /** A successful answer's body handed back as bytes (RequestOptions.asBytes). */
  asBytes?: boolean;
}

/** An answer with no parsed body (a 304, a streamed list, bytes handed back), or with one: `fields` say which. */
export function answered(
  status: number,
  date: number,
  validators: Validators,
  fields: Partial<Omit<ApiResponse, 'status' | 'date' | 'validators'>> = {},
): ApiResponse {
  return {
    status,
    body: undefined,
    bytes: 0,
    wireBytes: 0,
    date: Number.isNaN(date) ? null : date,
    notModified: false,
    validators,
    ...fields,
  };
}

const header = (value: string | string[] | undefined): string | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.length > 0 && text.length <= 512 ? text : null;
};

/**
 * Reads `response` to its end (or to the cap) and says what it was; throws ApiFailure. `count` is told the bytes read,
 * on the network and decoded, whatever the outcome.
 */
export async function readAnswer(
  response: Dispatcher.ResponseData,
  { maxBytes, signal, token, date, sink, asBytes }: ReadOptions,
  count: (wireBytes: number, bytes: number) => void,
): Promise<ApiResponse> {
  const status = response.statusCode;
  const streaming = sink !== undefined && status >= 200 && status < 300;
  const tooLarge = (): ApiFailure =>
    new ApiFailure('too_large', 'The service sent a response too large to accept.', { status, maybeDelivered: true });
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    throw tooLarge();
  }
  let bytes = 0;
  let wireBytes = 0;
  let whole: Buffer | null = null;
  const encodings = contentEncodings(response.headers['content-encoding']);
  if (!encodings.ok) {
    discard(response);
    throw new ApiFailure(
      'bad_response',
      `The service answered in an encoding Shopdesk does not read (${encodings.unknown}).`,
      { status, maybeDelivered: true, facts: { reason: 'bad_encoding', encoding: encodings.unknown } },
    );
  }
  const compressed = encodings.applied.length > 0;
  // the size cap counts decoded bytes: a small compressed answer that unpacks to gigabytes (a zip bomb) is stopped
  // once past the cap, never unpacked whole
  let unpacking: Decoded | null = null;
  try {
    if (compressed && streaming) {
      // a list read as it streams: unpacked as it arrives, the parser given the decoded text
      unpacking = await decodedBody(response, encodings.applied, (n) => (wireBytes += n));
      for await (const chunk of unpacking.body) {
        bytes += (chunk as Buffer).length;
        if (bytes > maxBytes) {
          unpacking.body.destroy();
          throw tooLarge();
        }
        sink(chunk as Buffer);
      }
    } else {
      // as it came: read whole (compressed, no bigger than the cap either), then unpacked in one go up to the cap
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) {
        wireBytes += (chunk as Buffer).length;
        if (wireBytes > maxBytes) throw tooLarge();
        if (streaming) sink(chunk as Buffer);
        else chunks.push(chunk as Buffer);
      }
      if (compressed) {
        whole = unpackWhole(Buffer.concat(chunks), encodings.applied, maxBytes);
        if (whole === null) throw tooLarge();
      } else if (!streaming) whole = asBytes ? ownedConcat(chunks, wireBytes) : Buffer.concat(chunks);
      bytes = compressed ? whole!.length : wireBytes;
    }
  } catch (error) {
    discard(response);
    if (error instanceof ApiFailure) throw error;
    if (error instanceof UnpackError || unpacking?.failed(error)) {
      // an error answer whose body cannot be unpacked is still that error, without the service's words
      if (status < 200 || status >= 300)
        throw statusFailure(status, undefined, response.headers['retry-after'], '', token);
      throw new ApiFailure('bad_response', 'The service sent a compressed answer that could not be unpacked.', {
        status,
        maybeDelivered: true,
        facts: { reason: 'bad_encoding', encoding: encodings.applied.join(', ') },
      });
    }
    throw toFailure(error, signal, true);
  } finally {
    count(wireBytes, bytes);
  }
  const validators = { etag: header(response.headers.etag), lastModified: header(response.headers['last-modified']) };
  if (streaming) return answered(status, date, validators, { bytes, wireBytes });
  const contentType = String(response.headers['content-type'] ?? '');
  if (asBytes && status >= 200 && status < 300)
    return answered(status, date, validators, { bytes, wireBytes, raw: whole!, contentType });
  const text = whole!.toString('utf8');
  const { parsed, body } = jsonBody(text, contentType);
  // kept in the outbox and shown: a proxy that echoes the Authorization header must not put the token on disk
  const excerpt = redact(text.slice(0, 4000), [token]);
  if (status >= 200 && status < 300) {
    if (!parsed) {
      const page = /<html|<!doctype/i.test(text);
      const what = page ? 'a web page instead of data' : 'data that could not be read';
      throw new ApiFailure('bad_response', `The service answered with ${what}.`, {
        status,
        maybeDelivered: true,
        facts: { reason: page ? 'web_page' : 'unreadable' },
        excerpt,
      });
    }
    return answered(status, date, validators, { body, bytes, wireBytes });
  }
  throw statusFailure(status, parsed ? body : undefined, response.headers['retry-after'], excerpt, token);
}

/**
 * The chunks put together in memory of their own (Buffer.concat takes a small answer from Node's shared pool, which
 * cannot be moved to another thread): handed to the catalogue's writer thread without a further copy.
 */
function ownedConcat(chunks: Buffer[], length: number): Buffer {
  const whole = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(whole, at);
  return whole;
}

/** Drops an answer's body unread: destroying it makes undici report an abort, which nothing else is there to hear. */
function discard(response: Dispatcher.ResponseData): void {
  if (response.body.destroyed) return;
  response.body.on('error', () => undefined);
  response.body.destroy();
}
