// The Electron binary: where it is, and obtaining it where it is missing, the way the electron package itself does.
//
// Electron 45 has no install script: its binary is downloaded the first time `require('electron')` runs
// (node_modules/electron/index.js → install.js, which extracts it to dist/ and writes path.txt). `npm start` and the
// Electron specs call obtainElectron(): an existing binary is used as it is (ELECTRON_OVERRIDE_DIST_PATH honoured, as
// the package honours it); a missing one is downloaded with Electron's own downloader (@electron/get, what install.js
// uses, with the same version, checksums, platform, arch, mirror and cache) showing its size and progress, then
// Electron's own install.js extracts it. A download that fails for lack of network is remembered for an hour in the
// data folder, so an offline machine does not wait for it on every start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** How long a network failure is remembered. */
export const REMEMBER_OFFLINE_MS = 60 * 60 * 1000;
/** A download that receives nothing for this long is given up (a network that drops packets silently). */
export const STALL_MS = 30_000;
const MEMORY_FILE = 'electron-download.json';

/** The electron package folder of this project. */
export function electronPackageDir() {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('electron/package.json'));
}

/** The executable's path inside a dist folder, as install.js names it for a platform. */
export function executableName(platform = process.platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * Where the Electron binary is, or null while it is not there. Reads what the electron package reads: path.txt and
 * dist/, or ELECTRON_OVERRIDE_DIST_PATH instead of dist/.
 */
export function electronBinary({ electronDir = electronPackageDir(), env = process.env } = {}) {
  try {
    const pathFile = path.join(electronDir, 'path.txt');
    const named = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : null;
    const binary = env.ELECTRON_OVERRIDE_DIST_PATH
      ? path.join(env.ELECTRON_OVERRIDE_DIST_PATH, named || executableName())
      : named
        ? path.join(electronDir, 'dist', named)
        : null;
    return binary && fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|UND_ERR_CONNECT|UND_ERR_SOCKET|fetch failed|stalled|socket hang up|certificate|self.signed|proxy/i;

/** True when a failure means "no network here" (offline, DNS, blocked, a proxy in the way), not a broken download. */
export function isNetworkFailure(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (NETWORK.test(`${e.code ?? ''} ${e.message ?? ''}`)) return true;
  }
  return false;
}

/** The reason of a failure in a few words: the innermost message (fetch's "fetch failed" hides the real one). */
export function reasonOf(error) {
  let e = error;
  while (e?.cause) e = e.cause;
  const text = `${e?.message ?? e ?? 'unknown error'}`.split('\n')[0].trim();
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function readMemory(dataDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, MEMORY_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function remember(dataDir, memory) {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, MEMORY_FILE), JSON.stringify(memory), { mode: 0o600 });
  } catch {
    // not remembering only means trying again next time
  }
}

function forget(dataDir) {
  fs.rmSync(path.join(dataDir, MEMORY_FILE), { force: true });
}

const size = (bytes) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
const clock = (ms) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Downloads Electron as the electron package does, then lets its install.js extract it. `onProgress(transferred,
 * total)` follows the download (total null when the server does not say).
 */
export async function downloadElectron({ electronDir, onProgress = () => undefined, signal, stallMs = STALL_MS }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8'));
  const require = createRequire(path.join(electronDir, 'package.json'));
  const { downloadArtifact } = await import(pathToFileURL(require.resolve('@electron/get')).href);
  const abort = new AbortController();
  const stalled = () => abort.abort(new Error(`the download stalled (nothing for ${stallMs / 1000} s)`));
  let stall = setTimeout(stalled, stallMs);
  signal?.addEventListener('abort', () => abort.abort(signal.reason), { once: true });
  const platform = process.env.ELECTRON_INSTALL_PLATFORM || process.env.npm_config_platform || process.platform;
  const arch = process.env.ELECTRON_INSTALL_ARCH || process.env.npm_config_arch || process.arch;
  try {
    // the same call as install.js (so install.js finds it in the cache and only extracts it)
    await downloadArtifact({
      version: pkg.version,
      artifactName: 'electron',
      force: process.env.force_no_cache === 'true',
      cacheRoot: process.env.electron_config_cache,
      checksums:
        process.env.electron_use_remote_checksums || process.env.npm_config_electron_use_remote_checksums
          ? undefined
          : require('./checksums.json'),
      platform,
      arch,
      downloadOptions: {
        quiet: true,
        signal: abort.signal,
        getProgressCallback: async ({ transferred, total }) => {
          clearTimeout(stall);
          stall = setTimeout(stalled, stallMs);
          onProgress(transferred, total);
        },
      },
    });
  } finally {
    clearTimeout(stall);
  }
  // Electron's own installer: extracts the archive just downloaded (from the cache) and writes path.txt
  const stderr = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(electronDir, 'install.js')], {
      cwd: electronDir,
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    let text = '';
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(text.trim().split('\n')[0] || `install.js exited with ${code}`)),
    );
  });
  return stderr;
}

/**
 * The Electron binary, obtained if need be: { binary } or { binary: null, reason, remembered }.
 *  - dataDir: where a network failure is remembered (null: never remembered, the Electron specs' way)
 *  - download: the download step (tests pass a stand-in); print: one line at a time for the person waiting
 */
export async function obtainElectron({
  electronDir = electronPackageDir(),
  env = process.env,
  dataDir = null,
  now = Date.now,
  download = downloadElectron,
  signal,
  print = (line) => process.stdout.write(line),
} = {}) {
  const existing = electronBinary({ electronDir, env });
  if (existing) return { binary: existing };
  if (env.ELECTRON_OVERRIDE_DIST_PATH)
    return {
      binary: null,
      reason: `ELECTRON_OVERRIDE_DIST_PATH (${env.ELECTRON_OVERRIDE_DIST_PATH}) holds no Electron`,
      remembered: false,
    };
  const memory = dataDir ? readMemory(dataDir) : null;
  if (
    memory &&
    typeof memory.failedAt === 'number' &&
    now() - memory.failedAt < REMEMBER_OFFLINE_MS &&
    now() >= memory.failedAt
  ) {
    return {
      binary: null,
      reason: `no network at ${clock(memory.failedAt)} (${memory.reason}); trying again after ${clock(memory.failedAt + REMEMBER_OFFLINE_MS)}`,
      remembered: true,
    };
  }
  const version = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;
  print(`Downloading Electron ${version} for ${process.platform}-${process.arch} (once, on first start)…\n`);
  const tty = process.stdout.isTTY === true;
  let shown = -1;
  const started = now();
  try {
    await download({
      electronDir,
      signal,
      onProgress: (transferred, total) => {
        // every 10 % (every 10 MB when the size is not known), on one line in a terminal
        const step = total ? Math.floor((transferred / total) * 10) : Math.floor(transferred / (10 * 1024 * 1024));
        if (step === shown) return;
        shown = step;
        const text = total ? `  ${size(transferred)} of ${size(total)}` : `  ${size(transferred)}`;
        print(tty ? `\r${text}   ` : `${text}\n`);
      },
    });
    if (tty && shown >= 0) print('\n');
  } catch (error) {
    if (tty && shown >= 0) print('\n');
    const reason = reasonOf(error);
    const network = isNetworkFailure(error);
    if (network && dataDir) remember(dataDir, { failedAt: now(), reason });
    return {
      binary: null,
      reason: network ? `no network (${reason})` : `the download failed (${reason})`,
      remembered: false,
    };
  }
  if (dataDir) forget(dataDir);
  const binary = electronBinary({ electronDir, env });
  if (!binary)
    return {
      binary: null,
      reason: 'the download finished but no Electron binary is where install.js put it',
      remembered: false,
    };
  print(`Electron ${version} is ready (${((now() - started) / 1000).toFixed(0)} s).\n`);
  return { binary };
}
