/**
 * The renderer's Content Security Policy, one string for the built page (injected at build time) and the browser
 * host's header: only the app's own files, no inline or remote script, no plugins, frames or form posts.
 * Styles allow 'unsafe-inline' because Mantine sets CSS variables in style attributes; no script can run from them.
 */
export const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-src': "'none'",
  'worker-src': "'none'",
};

export const RENDERER_CSP = Object.entries(CSP_DIRECTIVES)
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/** The header form adds what a meta tag cannot carry. */
export const HEADER_CSP = `${RENDERER_CSP}; frame-ancestors 'none'`;
