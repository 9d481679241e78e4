/** Named limits of the service client: every one has a test at its edge. */
export const LIMITS = {
  /** Time allowed for response headers to arrive. */
  headersTimeoutMs: 10_000,
  /** Longest silence allowed between two chunks of a response body. */
  bodyIdleTimeoutMs: 10_000,
  /** Whole-request deadline for reads. */
  readDeadlineMs: 20_000,
  /** Whole-request deadline for the connection test (a person is waiting). */
  testDeadlineMs: 8_000,
  /** Largest response body accepted for a page or a single record. */
  maxResponseBytes: 4 * 1024 * 1024,
  /** Same-origin redirects followed before giving up; cross-origin ones are never followed. */
  maxRedirects: 3,
  /** Keep-alive connections to the service. */
  maxConnections: 16,
  /** Background connection probe while online / while offline. */
  probeOnlineMs: 60_000,
  probeOfflineMs: 10_000,
  /** Longest Retry-After the client honours before treating the service as unavailable. */
  maxRetryAfterMs: 120_000,
} as const;

/** When the service counts as failing or busy, and how soon it is asked again. */
export const CONNECTION_LIMITS = {
  /** Failing answers (5xx, unreadable, none in time) in a row that make a failing service… */
  failingAfterAnswers: 5,
  /** …or that long of failing answers with no good one between. */
  failingAfterMs: 10_000,
  /** Waits before probing a failing service again: seconds, then minutes. */
  failingProbeMs: [5_000, 10_000, 20_000, 40_000, 60_000, 120_000],
  /** Wait after a 429 that says nothing of how long. */
  busyDefaultMs: 30_000,
} as const;

/** Catalogue sync. */
export const SYNC_LIMITS = {
  /** Pages fetched at once over keep-alive connections. */
  concurrency: 8,
  /** Attempts per page for transient failures (5xx, time-outs, dropped connections, unreadable bodies). */
  attemptsPerPage: 4,
  /** Backoff before the second attempt; doubles after each, with jitter. */
  backoffMs: 250,
  /** 429 waits allowed per page before it counts as failed. */
  rateLimitWaitsPerPage: 5,
  /** Wait for a 429 without Retry-After. */
  defaultRetryAfterMs: 2_000,
  /** Consecutive refused connections after which the pass stops (the service is down; resume later). */
  unreachableStreak: 8,
  /** An unfinished pass older than this starts over instead of resuming. */
  resumeWithinMs: 6 * 3_600_000,
  /** Background sync while online. */
  everyMs: 30 * 60_000,
  /** Fetched pages are committed together once this many are waiting, or after writeBatchMs. */
  writeBatchPages: 64,
  writeBatchMs: 100,
  /** Fetched pages not yet committed, at most: fetching pauses above this (memory stays bounded, ~8 MB). */
  maxUnwrittenPages: 512,
  /** Progress events at most this often. */
  progressEveryMs: 200,
  /**
   * Pages asked for, at most, of a product list that does not say how many it has (walked by its next link or page
   * size): 500,000 pages of 15 is 7.5 million products. A walk that reaches it has not seen the end, and says so.
   */
  maxPages: 500_000,
} as const;

/** Orders. */
export const ORDER_LIMITS = {
  /** A whole unpaginated order list may be large; a page of a paginated one is small. */
  maxListBytes: 256 * 1024 * 1024,
  /**
   * A page of a paginated list (page 2 on; ORDER_LIMITS.concurrency of them at once) holds a page of orders: 15 in
   * Laravel's default, some kilobytes. Past this it is no real page, and the refresh stops with a clear reason.
   */
  maxPageBytes: 8 * 1024 * 1024,
  /**
   * Orders committed together during a refresh, at most, and how long an order read waits for its batch at most.
   * Each commit flushes FTS5's pending index into a segment of its own and the merges follow: at 1,000 orders or
   * 100 ms a first refresh of 100,000 orders took 15.2–15.7 s, at 3,000 / 250 ms 11.4–13.3 s, at 5,000 / 500 ms
   * 11.1 s, at 10,000 / 1 s 12.2–13.2 s (bench/profile-orders.ts, interleaved runs on the shared 2 cores).
   */
  writeBatchOrders: 5000,
  writeBatchMs: 500,
  /** Pages of a paginated order list fetched at once. */
  concurrency: 4,
  /** Pages asked for, at most, of an order list that does not say how many it has (as SYNC_LIMITS.maxPages). */
  maxPages: 200_000,
  /** Background refresh while online. */
  everyMs: 5 * 60_000,
} as const;

/** Sending orders. */
export const OUTBOX_LIMITS = {
  /** A POST that takes longer may still arrive: it becomes 'unknown', never re-sent automatically. */
  postDeadlineMs: 20_000,
  /** Queued orders are tried again this often (besides whenever the service comes back online). */
  retryQueuedMs: 15_000,
} as const;

/** Finding an order whose answer was lost (sync/reconcile.ts). */
export const RECONCILE_LIMITS = {
  /** Candidates are stamped within this of the send: any time-zone offset (UTC−12 … UTC+14). */
  windowMs: 14 * 3_600_000,
  /** Where the service's clock and zone are known: how far before the send, or after its deadline, a stamp may be. */
  sendSlackMs: 2 * 60_000,
  /** Where they are not: the order book must have been read whole this shortly before the send. */
  freshOrderBookMs: 15 * 60_000,
} as const;
