/** How an answer goes out: whole, or bent by the fault the request drew (early, before the route; or on the body). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import type { Fault } from './faults';
import { sendError, sleep } from './http';

/** Faults that answer (or fail) before the route runs. Returns true when the request is finished. */
export async function applyEarlyFault(fault: Fault, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  switch (fault.kind) {
    case 'latency':
      await sleep(fault.ms);
      return false;
    case 'drop':
      reply.hijack();
      req.raw.socket.destroy();
      return true;
    case 'status':
      reply.code(fault.status);
      if (fault.body !== undefined) {
        reply.type(fault.contentType ?? 'application/json').send(fault.body);
      } else {
        sendError(req, reply, fault.status, fault.status >= 500 ? 'Server Error' : 'Error');
      }
      return true;
    case 'rate-limit':
      reply.header('Retry-After', fault.retryAfter);
      sendError(req, reply, 429, 'Too Many Attempts.');
      return true;
    case 'html':
      reply
        .code(200)
        .type('text/html; charset=UTF-8')
        .send('<!DOCTYPE html><html><body><h1>Whoops! Something went wrong.</h1></body></html>');
      return true;
    case 'huge': {
      // exactly `bytes` long, so size caps can be tested at their edge
      const body = `{"data":[],"padding":"${'x'.repeat(Math.max(0, fault.bytes - 24))}"}`;
      reply.code(200).type('application/json').send(body);
      return true;
    }
    default:
      return false; // malformed, cut-body, trickle and the *-after-store faults shape the answer later
  }
}

/** Sends a JSON body, bent by a malformed or trickle fault when one applies. */
export function sendPage(reply: FastifyReply, fault: Fault | undefined, body: string): FastifyReply {
  if (fault?.kind === 'corrupt-encoding') {
    // says gzip; the middle of the compressed bytes is scrambled (a proxy that mangles, a broken cache)
    reply.hijack();
    const packed = zlib.gzipSync(body);
    for (let i = Math.floor(packed.length / 3); i < Math.floor((packed.length * 2) / 3); i++) packed[i]! ^= 0x5a;
    reply.raw.writeHead(reply.statusCode, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': packed.length,
    });
    reply.raw.end(packed);
    return reply;
  }
  if (fault?.kind === 'cut-body') {
    // headers promise the whole body; half of it arrives, then the connection dies
    reply.hijack();
    const res = reply.raw;
    res.writeHead(reply.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.write(body.slice(0, Math.floor(body.length / 2)), () => res.destroy());
    return reply;
  }
  if (fault?.kind === 'malformed')
    return reply.type('application/json').send(body.slice(0, Math.floor(body.length / 2)));
  if (fault?.kind === 'trickle') {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(reply.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const buffer = Buffer.from(body);
    let offset = 0;
    const timer = setInterval(() => {
      if (res.destroyed || offset >= buffer.length) {
        clearInterval(timer);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(buffer.subarray(offset, offset + fault.chunkBytes));
      offset += fault.chunkBytes;
    }, fault.intervalMs);
    res.on('close', () => clearInterval(timer));
    return reply;
  }
  return reply.type('application/json').send(body);
}
