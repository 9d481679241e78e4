/**
 * Error bodies and messages from the service are stored (outbox attempts) and shown. A proxy or a debug page may echo
 * the request's Authorization header or other credentials into them: anything that looks like one is replaced before
 * it is kept, and the token in use is removed wherever it appears.
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
