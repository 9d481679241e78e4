/**
 * Obtaining Electron the way the electron package does (scripts/electron-binary.mjs): a binary already there, the
 * ELECTRON_OVERRIDE_DIST_PATH the package honours, a stand-in download that succeeds or fails, the hour a network
 * failure is remembered, and Electron's own downloader and install.js against a local mirror (no internet needed).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  downloadElectron,
  electronBinary,
  executableName,
  isNetworkFailure,
  obtainElectron,
  REMEMBER_OFFLINE_MS,
} from '../../../scripts/electron-binary.mjs';
import {
  ELECTRON_VERSION as VERSION,
  standInElectronPackage,
  startElectronMirror,
  type ElectronMirror,
} from '../../support/electron-standin';

const EXE = executableName();

let dir: string;
let electronDir: string;
let dataDir: string;
const saved = { ...process.env };

/** A download that puts a stand-in binary where install.js would, reporting its size as it goes. */
const succeeding = async ({
  electronDir: into,
  onProgress,
}: {
  electronDir: string;
  onProgress: (t: number, total: number | null) => void;
}) => {
  for (const part of [1, 2, 3, 4]) onProgress(part * 26 * 1024 * 1024, 104 * 1024 * 1024);
  fs.mkdirSync(path.join(into, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(into, 'dist', EXE), '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(into, 'path.txt'), EXE);
};
const offline = async () => {
  throw new TypeError('fetch failed', {
    cause: Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), { code: 'ENOTFOUND' }),
  });
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-electron-get-'));
  electronDir = standInElectronPackage(dir);
  dataDir = path.join(dir, 'data');
  delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
});
afterEach(() => {
  process.env = { ...saved };
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the binary already there', () => {
  it('path.txt and dist/, as install.js leaves them: used without any download', async () => {
    await succeeding({ electronDir, onProgress: () => undefined });
    const lines: string[] = [];
    const got = await obtainElectron({ electronDir, dataDir, download: offline, print: (l) => void lines.push(l) });
    expect(got).toEqual({ binary: path.join(electronDir, 'dist', EXE) });
    expect(lines).toEqual([]);
  });

  it('ELECTRON_OVERRIDE_DIST_PATH, honoured as the electron package itself honours it', async () => {
    const override = path.join(dir, 'my-electron');
    fs.mkdirSync(override);
    fs.writeFileSync(path.join(override, EXE), '#!/bin/sh\n', { mode: 0o755 });
    const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: override };
    expect(electronBinary({ electronDir, env })).toBe(path.join(override, EXE));
    // the package's own answer (its index.js, which downloads nothing when the override is set)
    process.env.ELECTRON_OVERRIDE_DIST_PATH = override;
    expect(createRequire(path.join(electronDir, 'index.js'))(path.join(electronDir, 'index.js'))).toBe(
      path.join(override, EXE),
    );
    expect(await obtainElectron({ electronDir, env, download: offline, print: () => undefined })).toEqual({
      binary: path.join(override, EXE),
    });
  });

  it('an override that holds no Electron is said so, and nothing is downloaded over it', async () => {
    const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'empty') };
    let tried = 0;
    const got = await obtainElectron({
      electronDir,
      env,
      dataDir,
      download: async () => void tried++,
      print: () => undefined,
    });
    expect(got).toMatchObject({
      binary: null,
      reason: expect.stringMatching(/ELECTRON_OVERRIDE_DIST_PATH .* holds no Electron/),
    });
    expect(tried).toBe(0);
  });
});

describe('a stand-in download', () => {
  it('that succeeds: says it is downloading, which version, how big, then the binary is used', async () => {
    const lines: string[] = [];
    const got = await obtainElectron({ electronDir, dataDir, download: succeeding, print: (l) => void lines.push(l) });
    expect(got).toEqual({ binary: path.join(electronDir, 'dist', EXE) });
    expect(lines[0]).toBe(
      `Downloading Electron ${VERSION} for ${process.platform}-${process.arch} (once, on first start)…\n`,
    );
    expect(lines.join('')).toContain('104 MB of 104 MB');
    expect(lines.at(-1)).toMatch(new RegExp(`^Electron ${VERSION} is ready`));
  });

  it('that fails for lack of network: the reason in a few words, remembered for an hour, then tried again', async () => {
    let now = 1_700_000_000_000;
    let tries = 0;
    const failing = async () => {
      tries += 1;
      return offline();
    };
    const first = await obtainElectron({
      electronDir,
      dataDir,
      now: () => now,
      download: failing,
      print: () => undefined,
    });
    expect(first).toEqual({ binary: null, reason: 'no network (getaddrinfo ENOTFOUND github.com)', remembered: false });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'electron-download.json'), 'utf8'))).toEqual({
      failedAt: now,
      reason: 'getaddrinfo ENOTFOUND github.com',
    });
    // a second start within the hour does not wait for the network again
    now += REMEMBER_OFFLINE_MS - 1;
    const second = await obtainElectron({
      electronDir,
      dataDir,
      now: () => now,
      download: failing,
      print: () => undefined,
    });
    expect(second).toMatchObject({
      binary: null,
      remembered: true,
      reason: expect.stringMatching(/^no network at .*; trying again after /),
    });
    expect(tries).toBe(1);
    // after the hour it tries again, and a success forgets the failure
    now += 1;
    const third = await obtainElectron({
      electronDir,
      dataDir,
      now: () => now,
      download: succeeding,
      print: () => undefined,
    });
    expect(third.binary).toBe(path.join(electronDir, 'dist', EXE));
    expect(fs.existsSync(path.join(dataDir, 'electron-download.json'))).toBe(false);
  });

  it('that fails otherwise (a bad checksum, a full disk) is not remembered: the next start tries again', async () => {
    const broken = async () => {
      throw new Error('Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.');
    };
    const got = await obtainElectron({ electronDir, dataDir, download: broken, print: () => undefined });
    expect(got).toMatchObject({
      binary: null,
      reason: expect.stringMatching(/^the download failed \(Generated checksum/),
    });
    expect(fs.existsSync(path.join(dataDir, 'electron-download.json'))).toBe(false);
  });

  it('tells network failures from others, down to the cause fetch hides', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH'])
      expect(
        isNetworkFailure(new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })),
        code,
      ).toBe(true);
    expect(isNetworkFailure(new Error('the download stalled (nothing for 30 s)'))).toBe(true);
    expect(isNetworkFailure(new Error('ENOSPC: no space left on device'))).toBe(false);
    expect(isNetworkFailure(new Error('Response code 404 (Not Found)'))).toBe(false);
  });
});

describe('Electron’s own downloader and install.js, from a local mirror', () => {
  let mirror: ElectronMirror;
  beforeEach(async () => {
    mirror = await startElectronMirror();
    Object.assign(process.env, mirror.env(path.join(dir, 'cache')));
  });
  afterEach(() => mirror.close());

  it('downloads with its size shown, extracts with install.js, writes path.txt: the binary is there', async () => {
    const lines: string[] = [];
    const got = await obtainElectron({ electronDir, dataDir, print: (l) => void lines.push(l) });
    expect(got).toEqual({ binary: path.join(electronDir, 'dist', EXE) });
    expect(fs.readFileSync(path.join(electronDir, 'path.txt'), 'utf8')).toBe(EXE);
    expect(lines.join('')).toMatch(/\d+ (kB|MB) of \d+ (kB|MB)/);
  });

  it('a mirror that refuses connections: a network failure, remembered', async () => {
    // a port nothing listens on: the one a server had a moment ago
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.ELECTRON_MIRROR = `http://127.0.0.1:${port}/`;
    const got = await obtainElectron({ electronDir, dataDir, print: () => undefined });
    expect(got).toMatchObject({ binary: null, reason: expect.stringMatching(/^no network \(.*ECONNREFUSED/) });
    expect(fs.existsSync(path.join(dataDir, 'electron-download.json'))).toBe(true);
  });

  it('a host that does not resolve (as here, where github.com does not): the lookup failure is the reason', async () => {
    process.env.ELECTRON_MIRROR = 'http://shopdesk-no-such-host.invalid/';
    await expect(downloadElectron({ electronDir })).rejects.toSatisfy(isNetworkFailure);
  });
});
