/**
 * The connection's contract types: where the token is kept, the settings as shown, the network route (proxy, trusted
 * certificates), a connection check's verdict and the connection's state, the app's own facts. Codes and facts; the
 * renderer words them. Part of the IPC contract (contract.ts hands these on).
 */
import { z } from 'zod';
import { URL_PROBLEMS } from './url';

/** Issue #18: codes for the notes on where the token is kept. */
export const VAULT_NOTES = ['memory', 'no_keychain', 'basic_text', 'unlock_failed', 'browser_file'] as const;
/** Issue #18: codes for what the core says of a connection state no probe stands behind (demo data starting or failing). */
export const CONNECTION_NOTES = ['demo_starting', 'demo_failed'] as const;
/** Issue #18: codes for why a connection test came out as it did (the verdict says what). */
export const VERDICT_REASONS = [
  'connected',
  'connected_no_total',
  'no_address',
  'no_token',
  'url',
  'not_service',
  'not_service_error',
  'wrong_token',
  'forbidden',
  'refused',
  'host_not_found',
  'tls',
  'network',
  'lost',
  'timeout',
  'server_error',
  'busy',
  'token_for_other_address',
  /** The proxy could not be reached or refused the tunnel (#26). */
  'proxy',
  /** The proxy asks for a login (407). */
  'proxy_auth',
  /** #26.5: the service's certificate is self-signed or from an issuer no store trusts; `certificate` says which. */
  'untrusted_certificate',
  /** #26.5: a certificate staff trusted for this address, and the service now presents another. */
  'certificate_changed',
] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];
export const Url = z.string().max(4096);
const Token = z.string().max(4096);

export const VaultInfo = z.object({
  /** Where the token lives: the OS keychain (safeStorage), a local file (browser host), or memory only. */
  kind: z.enum(['os-keychain', 'file', 'memory']),
  /** False when the token is stored without real encryption (e.g. Linux basic_text, or the browser host's file). */
  secure: z.boolean(),
  /** Issue #18, #28.5: what Settings says of where the token is kept, as a code the screen words (never a sentence). */
  noteCode: z.enum(VAULT_NOTES).nullable(),
});

export const SettingsView = z.object({
  mode: z.enum(['unconfigured', 'service', 'demo']),
  baseUrl: z.string().nullable(),
  tokenSet: z.boolean(),
  /** The origin the saved token belongs to (it is sent nowhere else); null when none is saved. */
  tokenOrigin: z.string().nullable(),
  vault: VaultInfo,
  /** How the databases with customer data are protected: encrypted, their key kept in the keychain or in a file. */
  dataAtRest: z.object({ encrypted: z.boolean(), keyKeptIn: z.enum(['os-keychain', 'file']) }),
  demo: z.object({ running: z.boolean(), products: z.number().int(), orders: z.number().int() }),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const VERDICTS = [
  'connected',
  'wrong_token',
  'unreachable',
  'not_service',
  'insecure_url',
  'invalid_url',
  'timeout',
  'server_error',
  'forbidden',
  'no_token',
  // the saved token belongs to another origin and is not sent here (tokenOrigin says which)
  'token_for_other_address',
] as const;

/** Where the proxy setting comes from (Settings → Connection, #26): the system's, one typed by hand, or none. */
export const PROXY_MODES = ['system', 'manual', 'none'] as const;
export type ProxyModeSetting = (typeof PROXY_MODES)[number];
/** How a request went out: directly (no proxy set, the system said so, or to this computer) or through a proxy. */
export const ROUTE_SOURCES = ['none', 'system', 'loopback', 'environment', 'manual'] as const;
export const RouteView = z.object({ proxy: z.string().max(500).nullable(), source: z.enum(ROUTE_SOURCES) });
export type RouteView = z.infer<typeof RouteView>;

/**
 * #26.5: the facts of a certificate a service presented (its leaf), for staff to judge before trusting it: names,
 * issuer, dates (ms since the epoch) and the SHA-256 of its DER ("AB:CD:…").
 */
export const CertificateFacts = z.object({
  /** The service's origin the certificate was presented by (https://host:port). */
  origin: z.string().max(600),
  /** The subject's common name (empty when it has none) and its DNS names and addresses (subjectAltName). */
  subject: z.string().max(500),
  names: z.array(z.string().max(300)).max(100),
  issuer: z.string().max(500),
  validFrom: z.number(),
  validTo: z.number(),
  sha256: z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
  selfSigned: z.boolean(),
  /** Whether it names the address's host, and whether today is within its dates: both needed to trust it. */
  nameMatches: z.boolean(),
  current: z.boolean(),
});
export type CertificateFacts = z.infer<typeof CertificateFacts>;

/** A certificate staff trusted for one origin (Settings → Trusted certificates). */
export const TrustedCertificate = CertificateFacts.omit({ nameMatches: true, current: true }).extend({
  trustedAt: z.number(),
});
export type TrustedCertificate = z.infer<typeof TrustedCertificate>;
export const TrustedCertificates = z.object({ trusted: z.array(TrustedCertificate).max(50) });
export type TrustedCertificates = z.infer<typeof TrustedCertificates>;

export const NetworkView = z.object({
  mode: z.enum(PROXY_MODES),
  /** The manual proxy's address (without any login). */
  url: z.string().nullable(),
  username: z.string().nullable(),
  /** A password is kept (with the token's protection); it is never shown. */
  passwordSet: z.boolean(),
  /** What "system" means on this host: the desktop's settings (PAC, WPAD, OS) or the environment variables. */
  systemFrom: z.enum(['desktop', 'environment']),
  /** The environment's proxy for HTTPS (without any login), when one is set. */
  environmentProxy: z.string().nullable(),
});
export type NetworkView = z.infer<typeof NetworkView>;

export const SaveNetworkRequest = z
  .object({
    mode: z.enum(PROXY_MODES),
    url: z.string().max(500).nullable().optional(),
    username: z.string().max(200).nullable().optional(),
    /** A new password; absent keeps the stored one, empty removes it. */
    password: z.string().max(1000).optional(),
  })
  .strict();

export const ConnectionVerdict = z.object({
  verdict: z.enum(VERDICTS),
  /** Issue #18: why, as a code plus facts; the screen words it (no English beside it, #28.5). */
  why: z
    .object({
      reason: z.enum(VERDICT_REASONS),
      host: z.string().optional(),
      seconds: z.number().optional(),
      status: z.number().int().optional(),
      products: z.number().int().nullable().optional(),
      /** With 'url': what is wrong with the address, and the scheme typed. */
      problem: z.enum(URL_PROBLEMS).optional(),
      scheme: z.string().optional(),
      /** With 'proxy'/'proxy_auth': the proxy (without any login). */
      proxy: z.string().optional(),
      /** With 'untrusted_certificate'/'certificate_changed': the certificate presented (when it could be read). */
      certificate: CertificateFacts.optional(),
      /** With 'certificate_changed': the SHA-256 of the certificate trusted for this address. */
      trustedSha256: z.string().optional(),
    })
    .nullable(),
  /** How the test's request went out (#26): directly or through which proxy. */
  route: RouteView.nullable().optional(),
  productCount: z.number().int().nullable(),
  serviceVersion: z.string().nullable(),
  latencyMs: z.number().nullable(),
  /** With token_for_other_address: the origin the saved token belongs to. */
  tokenOrigin: z.string().nullable().optional(),
});
export type ConnectionVerdict = z.infer<typeof ConnectionVerdict>;

export const ConnectionState = z.object({
  /**
   * 'failing': the service answers with errors (5xx), unreadable answers or none in time, for a while; 'busy': it
   * asked Shopdesk to slow down (429). Background work waits in both, and the app asks again at retryAt.
   */
  state: z.enum(['unconfigured', 'checking', 'online', 'offline', 'unauthorized', 'failing', 'busy']),
  mode: z.enum(['unconfigured', 'service', 'demo']),
  checkedAt: z.number().nullable(),
  /** The connection test's verdict behind an offline or unauthorized state, as codes and facts (issue #18). */
  verdict: ConnectionVerdict.pick({ verdict: true, why: true, tokenOrigin: true }).nullable().optional(),
  /** What the core itself says of the state when no probe stands behind it, as a code (issue #18). */
  note: z.enum(CONNECTION_NOTES).nullable().optional(),
  productCount: z.number().int().nullable(),
  /** When the app tries the service again (failing, busy); null when it is not waiting. */
  retryAt: z.number().nullable(),
  /** Since when the state holds (offline, failing, busy). */
  since: z.number().nullable(),
  /** Rises with every change; a reader keeps the highest it has seen. */
  revision: z.number(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'browser']),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const SaveSettingsRequest = z
  .object({
    baseUrl: Url,
    /** A new token; absent keeps the stored one. */
    token: Token.optional(),
  })
  .strict();

export const TestConnectionRequest = z
  .object({
    /** Test these values instead of the saved ones (the form before saving). */
    baseUrl: Url.optional(),
    token: Token.optional(),
  })
  .strict();
