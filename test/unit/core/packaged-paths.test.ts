/** Where the installed app and development find the writer thread and SQLite's binary (packaged-paths.ts). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  insideAsar,
  realFilePath,
  sqliteBindingFile,
  sqlitePrebuildName,
  writerThreadFile,
} from '../../../electron/main/core/packaged-paths';

const WIN = 'C:\\Users\\Ann Lee\\AppData\\Local\\Programs\\Shopdesk\\resources';
const MAC = '/Applications/Shopdesk.app/Contents/Resources';
const LINUX = '/tmp/.mount_ShopdeA1b2C3/resources';

describe('the writer thread’s file', () => {
  it('inside app.asar it is the unpacked twin, on every platform’s path shape', () => {
    expect(writerThreadFile(`${WIN}\\app.asar\\out\\main\\catalogue-writer.mjs`)).toBe(
      `${WIN}\\app.asar.unpacked\\out\\main\\catalogue-writer.mjs`,
    );
    expect(writerThreadFile(`${MAC}/app.asar/out/main/catalogue-writer.mjs`)).toBe(
      `${MAC}/app.asar.unpacked/out/main/catalogue-writer.mjs`,
    );
    expect(writerThreadFile(`${LINUX}/app.asar/out/main/catalogue-writer.mjs`)).toBe(
      `${LINUX}/app.asar.unpacked/out/main/catalogue-writer.mjs`,
    );
    // Electron on Windows may hand out forward slashes too
    expect(writerThreadFile('C:/Program Files/Shopdesk/resources/app.asar/out/main/catalogue-writer.mjs')).toBe(
      'C:/Program Files/Shopdesk/resources/app.asar.unpacked/out/main/catalogue-writer.mjs',
    );
  });

  it('in development (out/) and in a folder merely named like the archive, the path is used as it is', () => {
    for (const dev of [
      '/home/ann/shopdesk/out/main/catalogue-writer.mjs',
      'C:\\src\\shopdesk\\out\\main\\catalogue-writer.mjs',
      '/srv/app.asar.unpacked/out/main/catalogue-writer.mjs',
      '/home/ann/my-app.asar/out/main/catalogue-writer.mjs',
      '/home/ann/app.asarx/out/main/catalogue-writer.mjs',
    ]) {
      expect(writerThreadFile(dev)).toBe(dev);
      expect(insideAsar(dev)).toBe(false);
    }
    expect(insideAsar(`${MAC}/app.asar/out/main/index.js`)).toBe(true);
  });

  it('only the first archive in a path is rewritten, as Electron reads the first one', () => {
    expect(realFilePath('/r/app.asar/node_modules/x/app.asar/f')).toBe(
      '/r/app.asar.unpacked/node_modules/x/app.asar/f',
    );
  });
});

describe('SQLite’s native binary', () => {
  it('packaged: the target’s prebuild under app.asar.unpacked, for Windows, macOS and Linux', () => {
    expect(
      sqliteBindingFile(
        {
          packageDir: `${WIN}\\app.asar\\node_modules\\better-sqlite3-multiple-ciphers`,
          platform: 'win32',
          arch: 'x64',
        },
        path.win32,
      ),
    ).toBe(`${WIN}\\app.asar.unpacked\\node_modules\\better-sqlite3-multiple-ciphers\\prebuilds\\win32-x64.node`);
    expect(
      sqliteBindingFile(
        {
          packageDir: `${WIN}\\app.asar\\node_modules\\better-sqlite3-multiple-ciphers`,
          platform: 'win32',
          arch: 'arm64',
        },
        path.win32,
      ),
    ).toBe(`${WIN}\\app.asar.unpacked\\node_modules\\better-sqlite3-multiple-ciphers\\prebuilds\\win32-arm64.node`);
    expect(
      sqliteBindingFile(
        {
          packageDir: `${MAC}/app.asar/node_modules/better-sqlite3-multiple-ciphers`,
          platform: 'darwin',
          arch: 'arm64',
        },
        path.posix,
      ),
    ).toBe(`${MAC}/app.asar.unpacked/node_modules/better-sqlite3-multiple-ciphers/prebuilds/darwin-arm64.node`);
    expect(
      sqliteBindingFile(
        {
          packageDir: `${LINUX}/app.asar/node_modules/better-sqlite3-multiple-ciphers`,
          platform: 'linux',
          arch: 'x64',
        },
        path.posix,
      ),
    ).toBe(`${LINUX}/app.asar.unpacked/node_modules/better-sqlite3-multiple-ciphers/prebuilds/linux-x64.node`);
  });

  it('development: the package’s own prebuild, musl Linux included', () => {
    expect(
      sqliteBindingFile(
        { packageDir: '/src/node_modules/better-sqlite3-multiple-ciphers', platform: 'linux', arch: 'x64' },
        path.posix,
      ),
    ).toBe('/src/node_modules/better-sqlite3-multiple-ciphers/prebuilds/linux-x64.node');
    expect(
      sqliteBindingFile(
        {
          packageDir: '/src/node_modules/better-sqlite3-multiple-ciphers',
          platform: 'linux',
          arch: 'arm64',
          musl: true,
        },
        path.posix,
      ),
    ).toBe('/src/node_modules/better-sqlite3-multiple-ciphers/prebuilds/linuxmusl-arm64.node');
    expect(
      sqliteBindingFile(
        { packageDir: 'C:\\src\\node_modules\\better-sqlite3-multiple-ciphers', platform: 'win32', arch: 'x64' },
        path.win32,
      ),
    ).toBe('C:\\src\\node_modules\\better-sqlite3-multiple-ciphers\\prebuilds\\win32-x64.node');
  });

  it('where better-sqlite3-multiple-ciphers ships no prebuild there is none to name (it then finds its own build)', () => {
    expect(sqlitePrebuildName('freebsd', 'x64')).toBeNull();
    expect(sqlitePrebuildName('linux', 'ia32')).toBeNull();
    expect(sqlitePrebuildName('darwin', 'x64', true)).toBe('darwin-x64.node'); // musl means nothing off Linux
    expect(sqliteBindingFile({ packageDir: '/x', platform: 'aix', arch: 'ppc64' })).toBeNull();
  });
});
