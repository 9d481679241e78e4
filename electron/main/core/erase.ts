/** Sign out and erase: the files a service's caches leave in the data folder (with their WAL and set-aside copies). */
import fs from 'node:fs';
import path from 'node:path';

/** Removes the order and catalogue caches of service `key`, set-aside copies included; returns what was removed. */
export function eraseServiceFiles(dataDir: string, key: string): string[] {
  const prefixes = [`orders-${key}.sqlite`, `catalogue-${key}.sqlite`];
  const removed: string[] = [];
  for (const name of fs.readdirSync(dataDir)) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    fs.rmSync(path.join(dataDir, name), { force: true, recursive: true });
    removed.push(name);
  }
  return removed;
}
