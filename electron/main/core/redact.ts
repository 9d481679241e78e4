/**
 * Error bodies and messages from the service are stored (outbox attempts) and shown. A proxy or a debug page may echo
 * the request's Authorization header or other credentials into them: anything that looks like one is replaced before
 * it is kept, and the token in use is removed wherever it appears. `Secrets` holds the tokens (and any other secret)
 * this run has used, so that everything kept — the outbox's answers, reasons and checks, the log — passes through one
 * function on its way in.
 */
const PATTERNS: readonly RegExp[] = [
  // Authorization: Bearer …, "authorization": "…", Basic …
  /\b(authorization|proxy-authorization)(["']?\s*[:=]\s*["']?)[^"'\r\n,}]*/gi,
  /\b(bearer)(\s+)[A-Za-z0-9\-._~+/=]{6,}/gi,
  /\b(basic)(\s+)(?=[A-Za-z0-9+/]*[0-9=])[A-Za-z0-9+/]{8,}={0,2}/gi,
  // api_key=…, "password": "…", secret, session, cookie values
  /\b(api[_-]?key|access[_-]?token|refresh[_-]?token|token|password|passwd|secret|client[_-]?secret|session(?:id)?|cookie|set-cookie)(["']?\s*[:=]\s*["']?)[^"'\s&,;}]+/gi,
  // JSON web tokens
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  // a password in an address (a proxy's http://user:password@host)
  /\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@"']+:)()[^@\s/"']+(?=@)/gi,
];

export const REDACTED = '[redacted]';

/** The text with credentials replaced, cut to `max` characters (after redaction, so nothing is cut in half). */
export function redact(text: string, secrets: readonly (string | null | undefined)[] = [], max = 200): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  for (const pattern of PATTERNS) {
    // patterns with a name and a separator keep them ("authorization: [redacted]"); the others go whole
    out = out.replace(pattern, (_whole: string, name: unknown, sep: unknown) =>
      typeof name === 'string' && typeof sep === 'string' ? `${name}${sep}${REDACTED}` : REDACTED,
    );
  }
  return out.slice(0, max);
}

/** Secrets this run has used (API tokens, a proxy's password): none of them is ever kept in what is stored or logged. */
export class Secrets {
  private readonly known: string[] = [];

  /** Remembers a secret (the most recent few; too short a text is no secret worth a search). */
  add(secret: string | null | undefined): void {
    if (!secret || secret.length < 4 || this.known.includes(secret)) return;
    this.known.unshift(secret);
    this.known.length = Math.min(this.known.length, 16);
  }

  /** The text with every known secret and anything credential-shaped replaced (and cut to `max` characters). */
  scrub(text: string, max = Number.POSITIVE_INFINITY): string {
    return redact(text, this.known, max);
  }

  /** Any value as it may be logged: text scrubbed, anything else first written out as text. */
  scrubValue(value: unknown): unknown {
    if (value === undefined || value === null) return value;
    return this.scrub(
      typeof value === 'string' ? value : value instanceof Error ? (value.stack ?? String(value)) : safeText(value),
    );
  }
}

function safeText(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}
