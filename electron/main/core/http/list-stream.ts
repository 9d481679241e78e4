/**
 * An order list read as it arrives: a bare array, `{data: [...]}` or a Laravel paginator (`data` with `meta`, `links`).
 * Each record is cut out of the text and parsed on its own, so neither a page's whole text nor a second copy of it
 * as one parsed value is ever held; the other top-level values (meta, links, version) are kept up to a small size.
 */
const MAX_RECORD_CHARS = 1024 * 1024;
const MAX_OTHER_CHARS = 64 * 1024;

export class ListStreamError extends Error {}

export class JsonListStream {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** 'array': the top level is the list; 'object': an envelope, its `data` the list. */
  private shape: 'unknown' | 'array' | 'object' = 'unknown';
  /** Inside the envelope: the key being read, the key of the value being read, and whether that value is `data`. */
  private key = '';
  private readingKey = false;
  private valueKey: string | null = null;
  private listDepth = -1;
  private capture = '';
  private capturing = false;
  private readonly decoder = new TextDecoder();
  /** The top-level values other than the list (meta, links), and the list's records, each parsed on its own. */
  private readonly other: Record<string, unknown> = {};
  private readonly records: unknown[] = [];
  private sawList = false;
  /** The value being cut out is a scalar (it ends at the next comma or bracket, not at its own closing one). */
  private scalar = false;

  push(chunk: Uint8Array): void {
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** Ends the text: the list as the whole answer would have parsed (its records, and meta and links beside them). */
  end(): unknown {
    this.feed(this.decoder.decode());
    if (this.shape === 'unknown' || this.depth !== 0) throw new ListStreamError('not a whole list');
    if (this.shape === 'array') return this.records;
    return this.sawList ? { ...this.other, data: this.records } : { ...this.other };
  }

  private feed(text: string): void {
    let start = this.capturing ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.inString) {
        if (this.readingKey && !this.escaped && c !== '"' && c !== '\\') this.key += c;
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') {
          this.inString = false;
          if (this.readingKey) this.readingKey = false;
        }
        continue;
      }
      if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
      if (this.shape === 'unknown') {
        if (c === '[') {
          this.shape = 'array';
          this.listDepth = 1;
        } else if (c === '{') this.shape = 'object';
        else throw new ListStreamError('not a list');
        this.depth = 1;
        continue;
      }
      // the start of a value at the level that is kept: a record of the list, or another top-level value
      const atRecordLevel = this.depth === this.listDepth && !this.capturing;
      const atOtherLevel = this.shape === 'object' && this.depth === 1 && this.valueKey !== null && !this.capturing;
      if (this.shape === 'object' && this.depth === 1 && !this.capturing) {
        if (c === '"' && this.valueKey === null) {
          this.inString = true;
          this.readingKey = true;
          this.key = '';
          continue;
        }
        if (c === ':') {
          this.valueKey = this.key;
          continue;
        }
        if (c === ',') {
          this.valueKey = null;
          continue;
        }
        if (c === '[' && this.valueKey === 'data') {
          this.depth += 1;
          this.listDepth = this.depth;
          this.sawList = true;
          continue;
        }
      }
      if ((atRecordLevel || atOtherLevel) && c !== ',' && c !== ']' && c !== '}') {
        this.capturing = true;
        this.scalar = c !== '{' && c !== '[';
        start = i;
      }
      if (c === '"') {
        this.inString = true;
        continue;
      }
      if (c === '{' || c === '[') {
        this.depth += 1;
        continue;
      }
      if (c === '}' || c === ']') {
        // a scalar that is the last value before the bracket ends here
        if (this.capturing && this.scalar && this.depth === this.captureLevel()) {
          this.finish(text.slice(start, i));
          start = -1;
        }
        this.depth -= 1;
        if (this.depth < 0) throw new ListStreamError('unbalanced');
        if (this.capturing && this.depth === this.captureLevel()) {
          this.finish(text.slice(start, i + 1));
          start = -1;
        } else if (this.depth + 1 === this.listDepth && c === ']') {
          this.listDepth = -1; // the list ended
          this.valueKey = null;
        }
        continue;
      }
      // a scalar at the kept level ends at the next , ] or }
      if (this.capturing && this.depth === this.captureLevel()) {
        const next = text.slice(i).search(/[,\]}]/);
        if (next === -1) {
          this.capture += text.slice(start);
          return;
        }
        this.finish(text.slice(start, i + next));
        start = -1;
        i += next - 1;
      }
    }
    if (this.capturing && start >= 0) this.append(text.slice(start));
  }

  private captureLevel(): number {
    // a record sits at the list's depth; any other kept value at the envelope's
    return this.depth === this.listDepth ? this.listDepth : 1;
  }

  private append(part: string): void {
    this.capture += part;
    const max = this.valueKey === 'data' || this.shape === 'array' ? MAX_RECORD_CHARS : MAX_OTHER_CHARS;
    if (this.capture.length > max) throw new ListStreamError('a record too large');
  }

  private finish(part: string): void {
    this.append(part);
    const text = this.capture;
    this.capture = '';
    this.capturing = false;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ListStreamError('unreadable record');
    }
    if (this.depth === this.listDepth) this.records.push(value);
    else if (this.valueKey !== null) {
      Object.defineProperty(this.other, this.valueKey.slice(0, 100), { value, enumerable: true, configurable: true });
    }
  }
}
