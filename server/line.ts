/**
 * A shop's line (#31.5): every answer's body crosses one link of a given speed (a 16 Mbit/s DSL line), shared by all
 * the connections open at once, as the line in front of a shop is. Bodies go out in small pieces, each when the line
 * is free for it; the client sees a slow stream, not a pause and then the whole answer. Used by benchmarks for a real
 * first wait (with --latency-ms for the round trip); the service the spec describes has no such thing.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** Bytes handed to the socket at a time: ~8 ms of a 16 Mbit/s line, so streams on one line interleave finely. */
const PIECE = 16 * 1024;

export class Line {
  /** When the line is next free (performance.now() milliseconds). */
  private free = 0;
  private readonly bytesPerMs: number;

  constructor(readonly mbit: number) {
    if (!(mbit > 0)) throw new RangeError('A line needs a speed above 0 Mbit/s.');
    this.bytesPerMs = (mbit * 1e6) / 8 / 1000;
  }

  /** Reserves the line for this many bytes after everything already on it; resolves when they have crossed. */
  async carry(bytes: number): Promise<void> {
    const now = performance.now();
    this.free = Math.max(now, this.free) + bytes / this.bytesPerMs;
    const wait = this.free - now;
    if (wait >= 1) await sleep(wait);
  }

  /** The body as it arrives over the line: piece by piece, each once it has crossed. */
  stream(body: Buffer): Readable {
    return Readable.from(this.pieces(body), { objectMode: false });
  }

  private async *pieces(body: Buffer): AsyncGenerator<Buffer> {
    for (let at = 0; at < body.length; at += PIECE) {
      const piece = body.subarray(at, at + PIECE);
      await this.carry(piece.length);
      yield piece;
    }
  }
}
