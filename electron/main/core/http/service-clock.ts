import { systemWall, type WallClock } from '../clock';

/**
 * What Shopdesk knows of the service's clock, so an order whose answer was lost can be looked for without trusting
 * either clock: the offset of the service's UTC from this computer's clock (its Date header, on every answer), and
 * the zone its created_at stamps are written in (learnt from orders this app created and saw confirmed: their
 * created_at against the Date header of the same answer).
 */

/** A created_at stamp ("YYYY-MM-DD HH:MM:SS", zone not given) read as if it were UTC; NaN when it is not one. */
export function stampAsUtc(stamp: string | null | undefined): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(stamp ?? '');
  if (!match) return NaN;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The widest gap between a created_at stamp and UTC that is still a time zone (UTC−12 … UTC+14), plus a margin. */
export const MAX_ZONE_MS = 15 * 3_600_000;

/**
 * The zone a confirmed order's stamp is written in: its created_at (read as UTC) minus the service's time in the same
 * answer's Date header, to the nearest minute; null when either is missing or the gap is no time zone.
 */
export function zoneOf(createdAt: string | null | undefined, serviceDateMs: number | null): number | null {
  const created = stampAsUtc(createdAt);
  if (Number.isNaN(created) || serviceDateMs === null) return null;
  const zone = Math.round((created - serviceDateMs) / 60_000) * 60_000;
  return Math.abs(zone) <= MAX_ZONE_MS ? zone : null;
}

/** How far the wall clock may move against the monotonic one before it counts as stepped (ms). */
export const CLOCK_STEP_MS = 2_000;

/**
 * The service's UTC minus this computer's clock, per service origin, from the Date headers of recent answers. Each
 * reading keeps the wall clock's place against the monotonic one when it was taken: once the PC's clock steps (they
 * disagree by more than CLOCK_STEP_MS), the readings from before the step no longer count, so the offset is the one
 * measured since — never a median that still holds the old clock.
 */
export class ServiceClock {
  private readonly readings = new Map<string, { offset: number; base: number }[]>();

  constructor(private readonly wall: WallClock = systemWall) {}

  /** The wall clock's place against the monotonic one now. */
  private base(): number {
    return this.wall.now() - this.wall.mono();
  }

  /** One answer's Date header (whole seconds, so the middle of that second is taken). */
  observe(origin: string, serviceDateMs: number): void {
    const base = this.base();
    // readings from before a step of the PC's clock are stale: dropped
    const list = (this.readings.get(origin) ?? []).filter((r) => Math.abs(r.base - base) <= CLOCK_STEP_MS);
    list.push({ offset: serviceDateMs + 500 - this.wall.now(), base });
    if (list.length > 9) list.shift();
    this.readings.set(origin, list);
  }

  /** The median of the recent readings taken since the PC's clock last stepped; null before any. */
  offset(origin: string): number | null {
    const base = this.base();
    const list = (this.readings.get(origin) ?? []).filter((r) => Math.abs(r.base - base) <= CLOCK_STEP_MS);
    if (list.length === 0) return null;
    const sorted = list.map((r) => r.offset).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  }
}
