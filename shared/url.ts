/**
 * Base URL rules: https anywhere, plain http only to this computer (loopback, e.g. the demo service).
 * No credentials in the URL, no query or fragment, no other schemes.
 */
export type BaseUrlCheck =
  | { ok: true; url: string }
  | {
      ok: false;
      code: 'invalid_url' | 'insecure_url';
      /** Why, for the screen to word (issue #18); `message` is the English for the log and tests. */
      reason: UrlProblem;
      /** With 'scheme': the scheme that was typed (e.g. "ftp:"). */
      scheme?: string;
      message: string;
    };
export const URL_PROBLEMS = ['empty', 'too_long', 'not_url', 'scheme', 'credentials', 'plain_http', 'query'] as const;
export type UrlProblem = (typeof URL_PROBLEMS)[number];

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const match = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return match !== null && match.slice(1).every((octet) => Number(octet) <= 255);
}

export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === '')
    return {
      ok: false,
      code: 'invalid_url',
      reason: 'empty',
      message: 'Enter the service address, e.g. https://shop.example.com.',
    };
  if (text.length > 2048)
    return { ok: false, code: 'invalid_url', reason: 'too_long', message: 'That address is too long.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      code: 'invalid_url',
      reason: 'not_url',
      message: 'That is not a web address. Start it with https://.',
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      code: 'insecure_url',
      reason: 'scheme',
      scheme: url.protocol,
      message: `Addresses starting with ${url.protocol} cannot be used. Use an https:// address.`,
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      code: 'insecure_url',
      reason: 'credentials',
      message: 'Remove the user name and password from the address; enter the API token in its own field.',
    };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      code: 'insecure_url',
      reason: 'plain_http',
      message:
        'Plain http:// would send the token unencrypted. Use https:// (http:// is allowed only to this computer).',
    };
  }
  if (url.search || url.hash) {
    return {
      ok: false,
      code: 'invalid_url',
      reason: 'query',
      message: 'The address must not contain ? or #. Enter only the service address.',
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
