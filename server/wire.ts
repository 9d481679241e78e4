/** The wire between service and client: content encodings, a throttled line, the Date header of a wrong clock. */
import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ServiceClockSettings } from './dates';
import { Line } from './line';

export type Encoding = 'gzip' | 'deflate' | 'br';
/** Smaller answers go as they are (nginx's gzip_min_length is 20 bytes; a few hundred is the usual advice). */
const COMPRESS_MIN_BYTES = 256;
/** Levels a web server uses for answers made on the fly: nginx's gzip_comp_level 6, brotli's comp_level 5. */
const ENCODERS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => promisify(zlib.gzip)(body, { level: 6 }),
  deflate: (body) => promisify(zlib.deflate)(body, { level: 6 }),
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
};

/** The encoding to answer in: the client's first acceptable choice (q > 0) of the ones offered, or null. */
export function chooseEncoding(header: string | string[] | undefined, only: Encoding | null): Encoding | null {
  const offered: Encoding[] = only ? [only] : ['br', 'gzip', 'deflate'];
  const asked = String(header ?? '')
    .split(',')
    .map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { name: name.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((e) => e.q > 0);
  const best = offered
    .map((name) => ({ name, q: asked.find((e) => e.name === name || e.name === '*')?.q ?? 0 }))
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q)[0];
  return best?.name ?? null;
}

/** What the wire does to every answer: compression when asked for, a slow shared line, the service's own clock. */
export function addWireHooks(
  app: FastifyInstance,
  options: { compress?: boolean | Encoding; lineMbit?: number },
  clock: ServiceClockSettings,
): void {
  if (options.compress) {
    const only = options.compress === true ? null : options.compress;
    app.addHook('onSend', async (req, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      reply.header('vary', 'Accept-Encoding');
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const encoding = chooseEncoding(req.headers['accept-encoding'], only);
      if (encoding === null || body.length < COMPRESS_MIN_BYTES || reply.getHeader('content-encoding')) return payload;
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return ENCODERS[encoding](body);
    });
  }
  if (options.lineMbit) {
    // registered after compression: what crosses the line is what a client receives, compressed or not
    const line = new Line(options.lineMbit);
    app.addHook('onSend', async (_req, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length === 0) return payload;
      reply.header('content-length', body.length);
      return line.stream(body);
    });
  }
  // its own clock in every answer's Date header, wrong when told to be
  app.addHook('onSend', async (_req, reply) => {
    if (clock.skewMs !== 0) reply.header('date', new Date(Date.now() + clock.skewMs).toUTCString());
  });
}
