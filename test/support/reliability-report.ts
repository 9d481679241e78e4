/** Figures of the reliability suite (faults injected, kills survived, payloads fuzzed…), one file per suite. */
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.resolve('reports/reliability');

export function recordFigures(suite: string, figures: Record<string, number>): void {
  fs.mkdirSync(DIR, { recursive: true });
  fs.writeFileSync(
    path.join(DIR, `${suite}.json`),
    JSON.stringify({ suite, at: new Date().toISOString(), ...figures }, null, 2),
  );
}
