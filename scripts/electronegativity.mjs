/**
 * The Electron security gate: @doyensec/electronegativity over the shell's sources and the built renderer. Fails on
 * any finding of medium severity or above that is not suppressed in .electronegativity.json with a written reason.
 *
 * Run offline: the check that downloads Electron's release list is left out (Electron's version is pinned in
 * package.json and upgraded on purpose), and the tool's translation download may fail; both are harmless here.
 */
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SEVERITY_RANK = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

// The tool's translation download retries after it has given up and throws from a timer; that one error is not ours.
process.on('uncaughtException', (error) => {
  if (String(error?.message).includes('onCancel` handler was attached after the promise settled')) return;
  console.error(error);
  process.exit(1);
});

const config = JSON.parse(fs.readFileSync(path.join(root, '.electronegativity.json'), 'utf8'));
const suppressions = config.suppress ?? [];
const unexplained = suppressions.filter((s) => typeof s.reason !== 'string' || s.reason.trim().length < 20);
if (unexplained.length > 0) {
  console.error('electronegativity: every suppression needs a written reason:', unexplained);
  process.exit(1);
}

const electronVersion = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8'),
).version;
const run = require('@doyensec/electronegativity').default ?? require('@doyensec/electronegativity');
// One scan over the shell's sources and the built page together, so the global checks (CSP, navigation limits,
// permission handler) see the whole app as it ships.
if (!fs.existsSync(path.join(root, 'out/renderer/index.html'))) {
  console.error('electronegativity: build first (out/renderer/index.html is missing)');
  process.exit(1);
}
const scan = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-electronegativity-'));
fs.cpSync(path.join(root, 'electron'), path.join(scan, 'electron'), { recursive: true });
fs.cpSync(path.join(root, 'out/renderer'), path.join(scan, 'out/renderer'), {
  recursive: true,
  filter: (source) => !source.endsWith('.map'),
});

const silence = console.log;
console.log = () => undefined; // the tool prints progress of its own
let result;
try {
  result = await run(
    {
      input: scan,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
      severitySet: 'informational',
      confidenceSet: 'tentative',
      parserPlugins: [],
    },
    false,
  );
} finally {
  console.log = silence;
  fs.rmSync(scan, { recursive: true, force: true });
}
for (const e of (result.errors ?? []).filter((e) => !e.tolerable))
  console.warn(`electronegativity: could not read ${e.file}: ${e.message}`);
const findings = result.issues;

const where = (f) => String(f.file).replace(/\\/g, '/').replace(/^\/+/, '');
const suppressedBy = (f) =>
  suppressions.find((s) => s.check === f.id && (!s.file || where(f) === s.file || where(f).endsWith(`/${s.file}`)));
const blocking = [];
const noted = [];
for (const f of findings) {
  const rank = SEVERITY_RANK[String(f.severity?.name ?? f.severity).toUpperCase()] ?? 3;
  const line = `${f.id} ${String(f.severity?.name ?? f.severity)} ${where(f)}:${f.location?.line ?? '?'} — ${f.description ?? ''}`;
  const s = suppressedBy(f);
  if (rank >= SEVERITY_RANK.MEDIUM && !s) blocking.push(line);
  else noted.push(s ? `${line} (suppressed: ${s.reason})` : line);
}
for (const line of noted) console.log(`  note: ${line}`);
for (const line of blocking) console.log(`  FINDING: ${line}`);
console.log(
  `electronegativity: ${findings.length} findings in electron/ and the built renderer; ${blocking.length} of medium severity or above not suppressed`,
);
process.exit(blocking.length > 0 ? 1 : 0);
