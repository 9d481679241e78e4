// npm test: every gate in order — typecheck, lint, format, build, unit tests, end-to-end and Electron tests, the soak —
// then one closing line "N passed, N failed, N skipped (how many skipped, and why)" counted from the runners' JSON
// reports (.ci/run repeats it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const napi = Number(process.versions.napi);
if (!(napi >= 10)) {
  console.error(
    `Shopdesk needs Node 24 (Node-API 10) for better-sqlite3-multiple-ciphers; this is Node ${process.version}. Run through npm (npm test), which uses the pinned Node.`,
  );
  process.exit(1);
}

fs.mkdirSync('reports', { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Why tests were skipped: reason → how many (the summary line says it). */
const skips = new Map();
const skipped = (reason, n = 1) => skips.set(reason, (skips.get(reason) ?? 0) + n);

function step(name, command, args) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

/** Gates that are not test runners count as one check each. */
function gate(name, command, args) {
  if (step(name, command, args)) counts.passed += 1;
  else {
    counts.failed += 1;
    failures.push(name);
  }
}

gate('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']);
gate('typecheck (renderer)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.web.json']);
gate('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
gate('format', 'npx', ['prettier', '--check', '.']);
const built = step('build', 'npx', ['electron-vite', 'build']);
if (built) counts.passed += 1;
else {
  counts.failed += 1;
  failures.push('build');
}

if (built) gate('Electron security (electronegativity)', 'npx', ['node', 'scripts/electronegativity.mjs']);
else {
  counts.failed += 1;
  failures.push('Electron security (not run: build failed)');
}

/** The first line of a test's failure, in brackets (empty when there is none): enough to say which check failed and how. */
function failureLine(message) {
  const line = stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((l) => l.trim());
  return line ? ` (${line.trim().slice(0, 200)})` : '';
}

const vitestReport = path.join('reports', 'vitest.json');
fs.rmSync(vitestReport, { force: true });
const unitRan = step('unit tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestReport}`,
]);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  const failedHere =
    (report.numFailedTests ?? 0) +
    (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
  counts.failed += failedHere;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // vitest keeps no reason: the skipped tests are named instead
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (['pending', 'skipped', 'todo'].includes(test.status)) skipped(`unit: ${test.title}`);
  if (failedHere > 0) {
    // named, with the first line of the failure, so that the closing lines say which test failed and how
    const failedTests = [];
    for (const file of report.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed') {
          failedTests.push(
            `${path.relative(process.cwd(), file.name)} › ${test.fullName}${failureLine(test.failureMessages?.[0])}`,
          );
        }
    failures.push(`unit tests: ${failedTests.join('; ') || `${failedHere} failed`}`);
  } else if (!report.success || !unitRan) {
    // every test passed, yet vitest failed the run: an error outside the tests (an unhandled rejection or exception)
    counts.failed += 1;
    failures.push('unit tests (an error outside the tests, e.g. an unhandled rejection: see the vitest output)');
  }
} else {
  counts.failed += 1;
  failures.push('unit tests (no report)');
}

const playwrightReport = path.join('reports', 'playwright.json');
fs.rmSync(playwrightReport, { force: true });
if (built) {
  const e2eRan = step('end-to-end and Electron tests', 'npx', ['playwright', 'test']);
  if (fs.existsSync(playwrightReport)) {
    const report = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
    const stats = report.stats ?? {};
    counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    counts.failed += stats.unexpected ?? 0;
    counts.skipped += stats.skipped ?? 0;
    // each skipped spec with the reason it gave (test.skip(condition, reason)); each failed one by name, so that the
    // closing lines (all that a CI excerpt may show) say which test failed and how
    const failedTests = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? []) {
          if (test.status === 'skipped')
            skipped(test.annotations?.find((a) => a.type === 'skip')?.description || 'no reason given');
          if (test.status === 'unexpected') {
            failedTests.push(
              `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}${failureLine(test.results?.at(-1)?.error?.message)}`,
            );
          }
        }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    if (stats.unexpected) failures.push(`end-to-end tests: ${failedTests.join('; ') || `${stats.unexpected} failed`}`);
    else if (!e2eRan) {
      // no test failed, yet Playwright failed the run (global setup or teardown, a worker's error, a timeout of the run)
      counts.failed += 1;
      failures.push('end-to-end tests (an error outside the tests: see the Playwright output)');
    }
  } else {
    counts.failed += 1;
    failures.push('end-to-end tests (no report)');
  }
} else {
  counts.failed += 1;
  failures.push('end-to-end tests (not run: build failed)');
}

// Issue #20: the soak, 2.5 minutes of the real app through a stopped, a failing and a busy service, run alone on the
// machine after the end-to-end tests (its promises are timed); each of its checks counts as one test
const soakReport = path.join('reports', 'soak.json');
fs.rmSync(soakReport, { force: true });
if (built) {
  const soakRan = step('soak (2.5 minutes)', 'npx', ['tsx', 'test/soak/soak.ts', '--quick', '--report', soakReport]);
  if (fs.existsSync(soakReport)) {
    const { checks } = JSON.parse(fs.readFileSync(soakReport, 'utf8'));
    for (const check of checks) {
      if (check.ok) counts.passed += 1;
      else {
        counts.failed += 1;
        failures.push(`soak: ${check.name}`);
      }
    }
    if (!soakRan && checks.every((check) => check.ok)) {
      counts.failed += 1;
      failures.push('soak (ended with an error: see its output)');
    }
  } else {
    counts.failed += 1;
    failures.push('soak (no report: it stopped before the end, see its output)');
  }
} else {
  counts.failed += 1;
  failures.push('soak (not run: build failed)');
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
const why = [...skips].map(([reason, n]) => `${n} × ${reason}`).join('; ');
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${why ? ` (${why})` : ''}`);
process.exit(counts.failed > 0 ? 1 : 0);
