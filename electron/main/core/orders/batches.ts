/**
 * The order refresh's writes (refresh.ts): the orders of the pages read are kept and written in batches, since one
 * small commit per page costs FTS5 a segment merge each.
 */
import type { DateOrder } from '../../../../shared/dates';
import { ORDER_LIMITS } from '../limits';
import type { ParsedOrder } from './api';
import type { OrderRepository, PageVersion } from './db';

export class OrderBatches {
  private pending: ParsedOrder[] = [];
  private versions: PageVersion[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastChange = 0;
  /**
   * The refresh has ended: a page a worker still brings in after a Stop (the other workers run on until their page
   * comes) is not written — the book may be closing (bench:load once saw the batch timer fire on a closed database).
   */
  private over = false;

  constructor(
    private readonly repo: OrderRepository,
    /** The day/month order and the time of the read, as a batch is written. */
    private readonly stamp: () => { dateOrder: DateOrder; fetchedAt: number },
    /** A batch was written (called at most every 250 ms: the screens follow the book's count). */
    private readonly onChange?: () => void,
  ) {}

  /** Keeps a page's orders (and its version) for the next batch, written once it is large or old enough. */
  add(orders: ParsedOrder[], version: PageVersion | null): void {
    if (this.over) return;
    this.pending = this.pending.concat(orders);
    if (version) this.versions.push(version);
    if (this.pending.length >= ORDER_LIMITS.writeBatchOrders) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), ORDER_LIMITS.writeBatchMs);
  }

  get ended(): boolean {
    return this.over;
  }

  /** Writes what is kept now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.over || (this.pending.length === 0 && this.versions.length === 0)) return;
    const orders = this.pending;
    const pages = this.versions;
    this.pending = [];
    this.versions = [];
    const { dateOrder, fetchedAt } = this.stamp();
    this.repo.saveOrders(orders, dateOrder, fetchedAt, { pages });
    if (Date.now() - this.lastChange > 250) {
      this.lastChange = Date.now();
      this.onChange?.();
    }
  }

  /** The refresh has ended: nothing more is taken. */
  end(): void {
    this.over = true;
    clearTimeout(this.timer);
  }
}
