/**
 * The one IPC contract: every channel with its request and response schema, and every push event.
 * Electron IPC (preload) and the browser host's HTTP bridge both serve exactly this.
 */
import { COMMANDS } from './shortcuts';
import { SyncSettings } from './sync';
import { z } from 'zod';
import { ERROR_CODES, type Result } from './errors';
import {
  CatalogueStatus,
  DATE_ORDER_SETTINGS,
  FLAG_NAMES,
  ORDER_SORTS,
  OrderDetail,
  OrderRow,
  OrdersStatus,
  OrdersSummary,
  NewOrder,
  Draft,
  DraftData,
  OutboxEntry,
  PRODUCT_SORTS,
  ProductDetail,
  ProductRow,
  SkippedRecord,
  STOCK_LEVELS,
} from './domain';
import { CustomerSearchRequest, CustomerSearchResult } from './customers';
import { PickRequest, PickResult } from './pick';
import { ShopSettings } from './shop';
import { Coverage, DayFigures } from './figures';
import { isIsoDay, MAX_RANGE_DAYS } from './zoned-days';
import { PrinterList, PrintOutcome, PrintPrefs, PrintRequest } from './print';
import { LANGUAGE_CHOICES } from './i18n/languages';
import { LabelRule } from './label-rules';
import {
  DEFAULT_SCANNER,
  isAffix,
  PACE_LIMITS,
  SCANNER_ENDS,
  SCANNER_LAYOUTS,
  type ScannerPrefs as ScannerShape,
} from './scanner-prefs';
import { URL_PROBLEMS } from './url';

const Empty = z.object({}).strict();

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
const Url = z.string().max(4096);
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

export const CatalogueQueryRequest = z
  .object({
    text: z.string().max(200).default(''),
    status: z.string().max(100).nullable().default(null),
    stock: z.enum(STOCK_LEVELS).default('all'),
    /** Low stock at this many available or fewer (Settings → Stock); absent: LOW_STOCK_THRESHOLD. */
    lowStock: z.number().int().min(0).max(1_000_000).optional(),
    flags: z.array(z.enum(FLAG_NAMES)).max(FLAG_NAMES.length).default([]),
    sort: z.enum([...PRODUCT_SORTS, 'id']).default('name'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
export type CatalogueQueryRequest = z.input<typeof CatalogueQueryRequest>;
/** A stock-list query as the core reads it (defaults filled in): the planner answers every field of it. */
export type CatalogueQuery = z.output<typeof CatalogueQueryRequest>;

export const CatalogueWindow = z.object({
  rows: z.array(ProductRow).max(500),
  total: z.number().int(),
  cachedProducts: z.number().int(),
});
export type CatalogueWindow = z.infer<typeof CatalogueWindow>;

/** Issue #18: why a read shows this computer's copy, as a code; a failed request adds its error's code and facts. */
export const READ_NOTES = ['offline', 'busy', 'unreadable', 'gone', 'failed'] as const;
export const ReadWhy = z.object({
  code: z.enum(READ_NOTES),
  error: z
    .object({
      code: z.enum(ERROR_CODES),
      facts: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    })
    .optional(),
});
export type ReadWhy = z.infer<typeof ReadWhy>;

export const ProductRead = z.object({
  product: ProductDetail,
  source: z.enum(['live', 'cache']),
  /** The service no longer knows this product (404). */
  missing: z.boolean(),
  /** Why the live read did not happen, when source is cache: a code the screen words (never a sentence, #28.5). */
  why: ReadWhy.nullable(),
});
export type ProductRead = z.infer<typeof ProductRead>;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const OrderQueryRequest = z
  .object({
    text: z.string().max(200).default(''),
    status: z.string().max(100).nullable().default(null),
    from: IsoDay.nullable().default(null),
    to: IsoDay.nullable().default(null),
    /** Only orders that need someone: on hold, still pending after two days, or with an unreadable date. */
    attention: z.boolean().default(false),
    sort: z.enum(ORDER_SORTS).default('date'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
export type OrderQueryRequest = z.input<typeof OrderQueryRequest>;

export const OrderWindow = z.object({
  rows: z.array(OrderRow).max(500),
  total: z.number().int(),
  cachedOrders: z.number().int(),
});
export type OrderWindow = z.infer<typeof OrderWindow>;

export const OrderRead = z.object({
  order: OrderDetail,
  source: z.enum(['live', 'cache']),
  /** Why the live read did not happen, when source is cache: a code the screen words (never a sentence, #28.5). */
  why: ReadWhy.nullable(),
});
export type OrderRead = z.infer<typeof OrderRead>;

// --- Screens' own preferences (#14): sidebar and summary, columns per list, saved views of the order list ---
export const ORDER_COLUMNS = ['id', 'date', 'customer', 'email', 'phone', 'city', 'status', 'items', 'total'] as const;
export const PRODUCT_COLUMNS = ['sku', 'name', 'barcode', 'available', 'physical', 'price', 'status'] as const;
export const DATE_PRESETS = ['today', 'last7', 'month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const READY_MADE_VIEWS = ['today', 'pending', 'attention'] as const;
const ViewName = z.string().trim().min(1).max(80);
export const SavedView = z.object({
  id: z.string().min(1).max(40),
  /** Set for the ready-made views (worded by the screen until renamed). */
  readyMade: z.enum(READY_MADE_VIEWS).nullable(),
  /** Null: the ready-made view's own name. */
  name: ViewName.nullable(),
  query: z.object({
    text: z.string().max(200),
    status: z.string().max(100).nullable(),
    /** A moving range ("today") rather than fixed days. */
    preset: z.enum(DATE_PRESETS).nullable(),
    from: IsoDay.nullable(),
    to: IsoDay.nullable(),
    attention: z.boolean(),
    sort: z.enum(ORDER_SORTS),
    dir: z.enum(['asc', 'desc']),
  }),
  /** The columns shown, in order; null keeps the list's own choice. */
  columns: z.array(z.enum(ORDER_COLUMNS)).max(ORDER_COLUMNS.length).nullable(),
});
export type SavedView = z.infer<typeof SavedView>;
/**
 * Issue #29.3: why a code found no product. misread: 8, 12, 13 or 14 digits whose GS1 check digit is wrong (scan it
 * again); not_in_catalogue: a barcode with a right check digit that no product has; unknown: any other code (a SKU,
 * a label without a check digit) that matches nothing.
 */
export const LOOKUP_MISSES = ['misread', 'not_in_catalogue', 'unknown'] as const;
export type LookupMiss = (typeof LOOKUP_MISSES)[number];

/** Issue #29.2: how this computer's scanner sends a code (shared/scanner-prefs.ts). */
const affix = z.string().refine(isAffix);
const averageMs = z.number().int().min(PACE_LIMITS.averageMs[0]).max(PACE_LIMITS.averageMs[1]);
const gapMs = z.number().int().min(PACE_LIMITS.gapMs[0]).max(PACE_LIMITS.gapMs[1]);
export const ScannerPrefs = z.object({
  end: z.enum(SCANNER_ENDS),
  layout: z.enum(SCANNER_LAYOUTS),
  prefix: affix,
  suffix: affix,
  stripAim: z.boolean(),
  averageMs,
  gapMs,
}) satisfies z.ZodType<ScannerShape>;
/** The same as kept on disk: a setting missing (added in a later version) or damaged falls back alone. */
export const KeptScannerPrefs = z.object({
  end: ScannerPrefs.shape.end.catch(DEFAULT_SCANNER.end),
  layout: ScannerPrefs.shape.layout.catch(DEFAULT_SCANNER.layout),
  prefix: affix.catch(DEFAULT_SCANNER.prefix),
  suffix: affix.catch(DEFAULT_SCANNER.suffix),
  stripAim: z.boolean().catch(DEFAULT_SCANNER.stripAim),
  averageMs: averageMs.catch(DEFAULT_SCANNER.averageMs),
  gapMs: gapMs.catch(DEFAULT_SCANNER.gapMs),
}) satisfies z.ZodType<ScannerShape>;
export const UiPrefs = z.object({
  sidebarCollapsed: z.boolean(),
  summaryCollapsed: z.boolean(),
  /**
   * Issue #27.7: on a short window (under 800 px) the order list folds its summary, saved views and filters away to
   * show more orders; true once staff unfolded them there (kept until they fold them again).
   */
  ordersToolsUnfolded: z.boolean(),
  /** Columns shown, in order, per list; null: the list's default. */
  orderColumns: z.array(z.enum(ORDER_COLUMNS)).max(ORDER_COLUMNS.length).nullable(),
  productColumns: z.array(z.enum(PRODUCT_COLUMNS)).max(PRODUCT_COLUMNS.length).nullable(),
  /** The order list's saved views, pinned above it; null: the ready-made ones. */
  orderViews: z.array(SavedView).max(30).nullable(),
  /** Issue #18: the language chosen in Settings; 'auto' follows the system. */
  language: z.enum(LANGUAGE_CHOICES),
  /** Issue #29: staff were told once that the scanner's keyboard layout differs from this computer's. */
  scannerLayoutNoticed: z.boolean(),
  /** Issue #30.6: Settings → Printing on this computer (the order sheet's paper, a printer per kind of document). */
  printing: PrintPrefs,
  /** Issue #30.4: a product is low on stock at this many available or fewer (Settings → Stock; "Low or out"). */
  lowStock: z.number().int().min(0).max(1_000_000),
  /** Issue #29.4: the rules that read weighed and priced labels (Settings → Scanner → Labels); null: the ready-made ones, off. */
  labelRules: z.array(LabelRule).max(20).nullable(),
  /** Issue #30.2: the products pinned to the Items step's favourites grid, in their order (ids of this shop's catalogue). */
  favourites: z.array(z.number().int().positive()).max(24),
  /** Issue #29.2: the scanner's end key, prefix and suffix, and pace (Settings → Scanner; learned by its check). */
  scanner: ScannerPrefs,
});
export type UiPrefs = z.infer<typeof UiPrefs>;
const SkippedList = z.object({ records: z.array(SkippedRecord).max(1000) });
const CacheOnly = z.boolean().optional();
// ---- Updates (issue #17): facts and codes only; the renderer words them ----
export const UPDATE_PHASES = ['unsupported', 'idle', 'checking', 'downloading', 'ready', 'failed'] as const;
export const UPDATE_HOLDS = ['wizard_open', 'order_sending', 'order_queued'] as const;
export const UpdateStatus = z.object({
  /** unsupported: this host does not update itself (the browser host, a development run). */
  phase: z.enum(UPDATE_PHASES),
  checksEnabled: z.boolean(),
  currentVersion: z.string(),
  /** The feed this copy checks: the shop's own (Settings) or the one set when it was built. */
  feedUrl: z.string().nullable(),
  /** The feed chosen in Settings when it is not the build's own (one of `feeds`). */
  customFeedUrl: z.string().nullable(),
  /** The feeds Settings may choose among, the build's own first (#25.7: fixed at build time). */
  feeds: z.array(z.string()).max(20),
  /** A shop's feed an administrator gave when Shopdesk started: the one checked, not chosen in Settings. */
  adminFeed: z.string().nullable(),
  /** The newer version found (downloading or ready). */
  version: z.string().nullable(),
  /** 0–100 while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  lastCheckAt: z.number().nullable(),
  nextCheckAt: z.number().nullable(),
  /** Show "Restart to update" in the frame. */
  offer: z.boolean(),
  /** A downloaded update waits for this. */
  holdBack: z.enum(UPDATE_HOLDS).nullable(),
  /** Why the last look or download failed. */
  failure: z.enum(['offline', 'feed', 'verify', 'disk', 'other']).nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;
export const UpdateSettingsRequest = z
  .object({
    checks: z.boolean(),
    /** One of the feeds the build allows (UpdateStatus.feeds); null uses the build's own. */
    feedUrl: Url.nullable(),
  })
  .strict();
/** What the window is doing, as far as an update is concerned (an open wizard holds a restart back). */
export const ActivityRequest = z.object({ wizardOpen: z.boolean() }).strict();
/** Settings → Sync: the intervals, the load they cause, and when each kind of background work runs next. */
export const SyncView = z.object({
  settings: SyncSettings,
  /** What the load is worked out from (null: not known until a first pass). */
  basis: z.object({
    cataloguePages: z.number().int().nullable(),
    orderPages: z.number().int().nullable(),
    ordersPaginated: z.boolean().nullable(),
  }),
  /** Background requests an hour with these settings. */
  load: z.object({ productRequestsPerHour: z.number(), orderRequestsPerHour: z.number() }),
  /** When each runs next (null: only when staff ask). */
  next: z.object({
    ordersQuick: z.number().nullable(),
    ordersFull: z.number().nullable(),
    catalogue: z.number().nullable(),
  }),
});
export type SyncView = z.infer<typeof SyncView>;

/**
 * Settings → Signed-in tabs (#25.2): the browser host's sessions, each a tab (or a browser) signed in to it. The
 * desktop app has none (`available: false`): its window needs no sign-in.
 */
export const SessionList = z.object({
  available: z.boolean(),
  sessions: z
    .array(
      z.object({
        /** A name for the session that is not its secret (ending one takes it). */
        id: z.string().max(100),
        /** When it signed in and was last used (epoch ms, this computer's clock: for display only). */
        signedInAt: z.number(),
        lastUsedAt: z.number(),
        /** The tab asking. */
        current: z.boolean(),
      }),
    )
    .max(100),
});
export type SessionList = z.infer<typeof SessionList>;

const channel = <Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) => ({ request, response });

/** The day's figures (#30.3): a day or a range of ISO days in the shop's time zone (from ≤ to, at most a year). */
const FiguresRequest = z
  .object({
    from: z.string().max(10).refine(isIsoDay, { message: 'day' }),
    to: z.string().max(10).refine(isIsoDay, { message: 'day' }),
  })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'range', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: 'range',
    path: ['to'],
  });

const FiguresAnswer = z.object({
  figures: DayFigures,
  /** Whether the order book holds every order of the range (shared/figures.ts coverageOf). */
  coverage: Coverage,
  /** When the order list was last read into the book (this computer's clock), null before any read. */
  cachedAt: z.number().nullable(),
  cachedOrders: z.number().int(),
  /** Whether the zone the service writes its stamps in is known (learnt from this desk's own sends). */
  stampZoneKnown: z.boolean(),
});

export const contract = {
  'app:info': channel(Empty, AppInfo),
  'settings:get': channel(Empty, SettingsView),
  'settings:network': channel(Empty, NetworkView),
  /** A support file (#26.6): a zip of versions, settings, connection tests, download outcomes, outbox and log. */
  'support:file': channel(
    z.object({ includeCustomers: z.boolean() }).strict(),
    z.object({ filename: z.string(), base64: z.string() }),
  ),
  'settings:network-save': channel(SaveNetworkRequest, NetworkView),
  /** #26.5: certificates trusted by their SHA-256 per origin; trusting one the last connection test was shown. */
  'certificates:list': channel(Empty, TrustedCertificates),
  'certificates:trust': channel(
    z.object({ origin: z.string().max(600), sha256: CertificateFacts.shape.sha256 }).strict(),
    TrustedCertificates,
  ),
  'certificates:forget': channel(z.object({ origin: z.string().max(600) }).strict(), TrustedCertificates),
  'settings:save': channel(SaveSettingsRequest, SettingsView),
  'connection:status': channel(Empty, ConnectionState),
  'connection:check': channel(Empty, ConnectionState),
  'connection:test': channel(TestConnectionRequest, ConnectionVerdict),
  'demo:start': channel(Empty, SettingsView),
  /** Sign out and erase (issue #15): what it would remove, then removing it. */
  'settings:erase-preview': channel(
    Empty,
    z.object({
      /** The service's origin, 'demo', or null when none is set up. */
      service: z.string().nullable(),
      /** Orders not sent yet and drafts, of every service (erasing removes them all). */
      unsent: z.number().int(),
      drafts: z.number().int(),
      /** Each service with orders not sent or drafts: its origin ('demo', or null when not recorded) and counts. */
      services: z
        .array(
          z.object({
            service: z.string().nullable(),
            current: z.boolean(),
            unsent: z.number().int(),
            drafts: z.number().int(),
          }),
        )
        .max(1000),
      /** Copies of the outbox or drafts set aside earlier (unreadable, so not counted): erasing removes them too. */
      setAside: z.number().int(),
    }),
  ),
  'settings:erase': channel(
    z.object({ confirmedUnsent: z.number().int().min(0).max(1_000_000) }).strict(),
    SettingsView,
  ),
  'catalogue:status': channel(Empty, CatalogueStatus),
  'catalogue:sync': channel(Empty, CatalogueStatus),
  'catalogue:cancel': channel(Empty, CatalogueStatus),
  'catalogue:query': channel(CatalogueQueryRequest, CatalogueWindow),
  'catalogue:lookup': channel(
    z.object({ code: z.string().max(200) }).strict(),
    z.object({
      product: ProductRow.nullable(),
      /** Why nothing was found (null when a product was): LOOKUP_MISSES. */
      miss: z.enum(LOOKUP_MISSES).nullable(),
    }),
  ),
  'catalogue:product': channel(
    z
      .object({
        id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        /** Answer from the cache at once (no live read). */
        cacheOnly: CacheOnly,
      })
      .strict(),
    ProductRead,
  ),
  'catalogue:skipped': channel(Empty, SkippedList),
  'catalogue:facets': channel(Empty, z.object({ statuses: z.array(z.string()) })),
  'orders:status': channel(Empty, OrdersStatus),
  'orders:refresh': channel(Empty, OrdersStatus),
  'orders:query': channel(OrderQueryRequest, OrderWindow),
  'orders:get': channel(
    z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), cacheOnly: CacheOnly }).strict(),
    OrderRead,
  ),
  'orders:skipped': channel(Empty, SkippedList),
  'orders:facets': channel(
    Empty,
    z.object({ statuses: z.array(z.object({ status: z.string(), count: z.number().int() })) }),
  ),
  'orders:summary': channel(Empty, OrdersSummary),
  'figures:get': channel(FiguresRequest, FiguresAnswer),
  'orders:export': channel(
    OrderQueryRequest.omit({ offset: true, limit: true }),
    z.object({ filename: z.string(), csv: z.string(), rows: z.number().int(), truncated: z.boolean() }),
  ),
  'outbox:list': channel(
    Empty,
    z.object({
      entries: z.array(OutboxEntry),
      unsent: z.number().int(),
      /** Outbox or drafts files that could not be opened (damage, a lost key) and were moved aside: where they are. */
      setAside: z.array(z.object({ store: z.enum(['outbox', 'drafts']), file: z.string() })).default([]),
    }),
  ),
  'outbox:submit': channel(z.object({ draftId: z.string().min(8).max(100), order: NewOrder }).strict(), OutboxEntry),
  'outbox:send-again': channel(z.object({ id: z.string().max(100) }).strict(), OutboxEntry),
  'outbox:discard': channel(z.object({ id: z.string().max(100) }).strict(), OutboxEntry),
  'outbox:reconcile': channel(z.object({ id: z.string().max(100) }).strict(), OutboxEntry),
  'drafts:list': channel(Empty, z.object({ drafts: z.array(Draft) })),
  'drafts:save': channel(
    z.object({ id: z.string().min(8).max(100), step: z.number().int().min(0).max(10), data: DraftData }).strict(),
    Draft,
  ),
  'drafts:discard': channel(z.object({ id: z.string().max(100) }).strict(), z.object({ discarded: z.boolean() })),
  'settings:date-order': channel(z.object({ dateOrder: z.enum(DATE_ORDER_SETTINGS) }).strict(), OrdersStatus),
  'ui:get': channel(Empty, UiPrefs),
  'ui:set': channel(UiPrefs.partial().strict(), UiPrefs),
  // ---- issue #13: order entry (shop settings, customers from the order book) ----
  'shop:get': channel(Empty, ShopSettings),
  'shop:save': channel(ShopSettings.strict(), ShopSettings),
  'customers:search': channel(CustomerSearchRequest, CustomerSearchResult),
  'picker:search': channel(PickRequest, PickResult),
  'orders:often-ordered': channel(
    z.object({ limit: z.number().int().min(1).max(50).default(8) }).strict(),
    z.object({ rows: z.array(ProductRow) }),
  ),
  // updates (#17)
  'updates:status': channel(Empty, UpdateStatus),
  'updates:settings': channel(UpdateSettingsRequest, UpdateStatus),
  'updates:check': channel(Empty, UpdateStatus),
  'updates:restart': channel(Empty, UpdateStatus),
  'app:activity': channel(ActivityRequest, UpdateStatus),
  'sync:get': channel(Empty, SyncView),
  'sync:set': channel(SyncSettings.partial().strict(), SyncView),
  // signed-in tabs of the browser host (#25.2); ending this tab's own is signing out
  'sessions:list': channel(Empty, SessionList),
  'sessions:end': channel(z.object({ id: z.string().min(1).max(100) }).strict(), SessionList),
  // printing (#30.6): the desktop shell answers these itself (webContents); the core's answer is "not here"
  'print:printers': channel(Empty, PrinterList),
  'print:run': channel(PrintRequest, PrintOutcome),
} as const;

export const events = {
  'connection:changed': ConnectionState,
  'catalogue:progress': CatalogueStatus,
  'orders:changed': OrdersStatus,
  'outbox:changed': z.object({ unsent: z.number().int() }),
  /** A menu item was chosen (Electron): the renderer carries out the same command its shortcut would. */
  'app:command': z.object({ command: z.enum(COMMANDS) }),
  // updates (#17)
  'updates:changed': UpdateStatus,
  /** Issue #18: the screens' preferences changed (the shell follows a change of language in its menu). */
  'ui:changed': UiPrefs,
  /** Settings → Shop saved (on this screen or another of the same core): the defaults new orders start with. */
  'shop:changed': ShopSettings,
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type EventName = keyof typeof events;
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const CHANNELS = Object.keys(contract) as Channel[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export const isChannel = (name: unknown): name is Channel =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);

/** What the renderer sees on window.shopdesk, whichever host serves it. */
export interface ShopdeskBridge {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Core handlers: one per channel, taking the parsed request. */
export type Handlers = { [C in Channel]: (request: z.output<Contract[C]['request']>) => Promise<ResponseOf<C>> };
