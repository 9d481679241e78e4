/**
 * The one IPC contract: every channel with its request and response schema, and every push event.
 * Electron IPC (preload) and the browser host's HTTP bridge both serve exactly this.
 */
import { COMMANDS } from './shortcuts';
import { SyncSettings } from './sync';
import { z } from 'zod';
import type { Result } from './errors';
import {
  CatalogueStatus,
  DATE_ORDER_SETTINGS,
  Draft,
  DraftData,
  NewOrder,
  OrdersStatus,
  OrdersSummary,
  SkippedRecord,
  OutboxEntry,
  ProductRow,
} from './domain';
import { CustomerSearchRequest, CustomerSearchResult } from './customers';
import { PickRequest, PickResult } from './pick';
import { ShopSettings } from './shop';
import { Coverage, DayFigures } from './figures';
import { MAX_RANGE_DAYS, isIsoDay } from './zoned-days';
import { PrintOutcome, PrintRequest, PrinterList } from './print';
import {
  AppInfo,
  CertificateFacts,
  ConnectionState,
  ConnectionVerdict,
  NetworkView,
  SaveNetworkRequest,
  SaveSettingsRequest,
  SettingsView,
  TestConnectionRequest,
  TrustedCertificates,
} from './connection';
import {
  CatalogueQueryRequest,
  CatalogueWindow,
  OrderQueryRequest,
  OrderRead,
  OrderWindow,
  ProductRead,
} from './queries';
import { LOOKUP_MISSES, UiPrefs } from './screen-prefs';
import {
  ActivityRequest,
  SessionList,
  StorageUpgrades,
  SyncView,
  UpdateSettingsRequest,
  UpdateStatus,
} from './app-status';
export * from './connection';
export * from './queries';
export * from './screen-prefs';
export * from './app-status';

const Empty = z.object({}).strict();
const SkippedList = z.object({ records: z.array(SkippedRecord).max(1000) });
const CacheOnly = z.boolean().optional();

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
  // the first start after an update: caches being brought up to this version's layout
  'storage:upgrades': channel(Empty, StorageUpgrades),
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
  'storage:upgrades': StorageUpgrades,
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
