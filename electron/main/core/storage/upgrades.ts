/**
 * The one-time upgrades under way: caches an earlier version wrote, being brought up to this version's layout before
 * they open (the first start after an update). Staff are told, as a cache's screens wait meanwhile; facts only here.
 */
import type { Handlers, StorageUpgrades, UpgradeStore } from '../../../../shared/contract';
import type { CoreEvents } from '../events';

export class Upgrades {
  private readonly running = new Map<UpgradeStore, number>();

  constructor(private readonly events: CoreEvents) {}

  /** Runs `work` as an upgrade of `store`: said when it starts and again when it ends (however it ends). */
  async track<T>(store: UpgradeStore, work: () => Promise<T>): Promise<T> {
    this.running.set(store, (this.running.get(store) ?? 0) + 1);
    this.emit();
    try {
      return await work();
    } finally {
      const left = (this.running.get(store) ?? 1) - 1;
      if (left > 0) this.running.set(store, left);
      else this.running.delete(store);
      this.emit();
    }
  }

  status(): StorageUpgrades {
    return { running: [...this.running.keys()] };
  }

  readonly handlers: Pick<Handlers, 'storage:upgrades'> = {
    'storage:upgrades': async () => this.status(),
  };

  private emit(): void {
    this.events.emit('storage:upgrades', this.status());
  }
}
