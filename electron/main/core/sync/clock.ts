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

/** The service's UTC minus this computer's clock, per service origin, from the Date headers of recent answers. */
export class ServiceClock {
  private readonly readings = new Map<string, number[]>();

  /** One answer's Date header (whole seconds, so the middle of that second is taken). */
  observe(origin: string, serviceDateMs: number, localMs: number): void {
    const list = this.readings.get(origin) ?? [];
    list.push(serviceDateMs + 500 - localMs);
    if (list.length > 9) list.shift();
    this.readings.set(origin, list);
  }

  /** The median of the recent readings; null before any. */
  offset(origin: string): number | null {
    const list = this.readings.get(origin);
    if (!list || list.length === 0) return null;
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  }
}
