/**
 * The app's own state as the contract carries it: updates (#17), the sync's settings and what it last did, and the
 * signed-in tabs of the browser host. Facts and codes only; the renderer words them. Part of the IPC contract.
 */
import { SyncSettings } from './sync';
import { z } from 'zod';
import { Url } from './connection';

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
/**
 * The local caches an earlier version wrote that are being brought up to this version's layout (a one-time wait on
 * the first start after an update: seconds over a large cache), on a thread of their own; their screens wait meanwhile.
 */
export const UPGRADE_STORES = ['orders', 'catalogue'] as const;
export type UpgradeStore = (typeof UPGRADE_STORES)[number];
export const StorageUpgrades = z.object({ running: z.array(z.enum(UPGRADE_STORES)).max(UPGRADE_STORES.length) });
export type StorageUpgrades = z.infer<typeof StorageUpgrades>;
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
