/**
 * Packaging (electron-builder). `npm run dist` runs it on a machine with internet (it downloads Electron);
 * `npm run package:check` (part of `npm test`) builds the same configuration against a stand-in Electron and opens
 * the archive it produces (scripts/package-check.ts, test/unit/package/package.test.ts).
 *
 * Signing and notarisation read the usual environment variables when they are set:
 *   Windows: CSC_LINK, CSC_KEY_PASSWORD    macOS: CSC_LINK, CSC_KEY_PASSWORD, APPLE_ID,
 *   APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID (notarize: true below uses them; without them it is skipped)
 * Updates (docs/updates.md, #25.7): SHOPDESK_UPDATE_URL sets the feed the build checks; SHOPDESK_UPDATE_FEEDS
 * (comma-separated) names further feeds Settings may choose among; SHOPDESK_PUBLISHER_NAME (comma-separated) the
 * publisher Windows updates must be signed by.
 */
import type { Configuration } from 'electron-builder';

/** Where installed copies look for updates unless the build or Settings names another feed (docs/updates.md). */
export const DEFAULT_UPDATE_URL = 'https://updates.shopdesk.example/desktop';
/**
 * The name on the code-signing certificate Windows updates must carry: electron-updater checks the downloaded
 * installer's Authenticode signature against it (app-update.yml's publisherName), whatever feed it came from, so the
 * hash a feed publishes beside its installer is not the only check.
 */
export const PUBLISHER_NAMES = (process.env.SHOPDESK_PUBLISHER_NAME || 'Shopdesk')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
/** Further feeds Settings may choose among (a beta channel), written into the archive's package.json. */
export const OTHER_UPDATE_FEEDS = (process.env.SHOPDESK_UPDATE_FEEDS ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);

/**
 * What goes into resources/app.asar. node_modules is `dependencies` (what main loads at run time, see
 * electron.vite.config.ts) and their own dependencies; the renderer's libraries are bundled and are devDependencies.
 */
const files = [
  'out/**',
  'package.json',
  '!**/*.map',
  // better-sqlite3-multiple-ciphers: not its C/C++ sources (its prebuilt binaries other than the target's go per platform, below)
  '!**/node_modules/better-sqlite3-multiple-ciphers/{deps,src}/**',
  '!**/node_modules/better-sqlite3-multiple-ciphers/binding.gyp',
  // headers for compiling better-sqlite3-multiple-ciphers; nothing loads them at run time
  '!**/node_modules/node-addon-api/**',
  // what packages carry besides their code: tests, benchmarks, examples, docs, type declarations, sources, maps
  '!**/node_modules/**/{test,tests,__tests__,bench,benchmark,benchmarks,example,examples,doc,docs,coverage,.github}/**',
  '!**/node_modules/**/*.{md,markdown,ts,mts,cts,map,tsbuildinfo}',
  '!**/node_modules/**/{bench,benchmark}.js',
];

/**
 * A platform's files: the common list, and every SQLite binary but the target's left out. (A platform's `files`
 * replaces the common list, so it repeats it; node_modules are filtered by exclusions only; and a `${platform}` macro
 * would name the machine that builds, not the target.)
 */
const filesFor = (sqlitePlatform: 'win32' | 'darwin' | 'linux'): string[] => [
  ...files,
  `!**/node_modules/better-sqlite3-multiple-ciphers/prebuilds/!(${sqlitePlatform}-\${arch}).node`,
];

const config: Configuration = {
  appId: 'com.shopdesk.app',
  productName: 'Shopdesk',
  copyright: 'Copyright © 2026 Shopdesk',
  directories: { output: 'dist', buildResources: 'resources' },
  files,
  asar: true,
  // Node loads these as real files (electron/main/core/packaged-paths.ts): the SQLite module with its native binary,
  // and the catalogue writer thread (one self-contained bundle that imports only SQLite)
  asarUnpack: ['node_modules/better-sqlite3-multiple-ciphers/**', 'out/main/catalogue-writer.mjs'],
  // better-sqlite3-multiple-ciphers ships Node-API prebuilds that load in Electron as they are: no native rebuild.
  npmRebuild: false,
  nodeGypRebuild: false,
  // Updates (electron-updater): a generic feed, set at build time; Settings → Updates can name a shop's own server.
  publish: { provider: 'generic', url: process.env.SHOPDESK_UPDATE_URL || DEFAULT_UPDATE_URL },
  // inside app.asar (covered by the integrity fuse): the only other feeds Settings offers (#25.7)
  extraMetadata: { shopdesk: { updateFeeds: OTHER_UPDATE_FEEDS } },
  // Fuses flipped in the packaged binary (Electron's security checklist). package:check builds without them: its
  // stand-in Electron is not a binary that can be patched.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    grantFileProtocolExtraPrivileges: false,
  },
  win: {
    icon: 'resources/icon.ico',
    files: filesFor('win32'),
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    // updates install only when signed by this publisher (#25.7); verifyUpdateCodeSignature is on by default
    signtoolOptions: { publisherName: PUBLISHER_NAMES },
    verifyUpdateCodeSignature: true,
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    shortcutName: 'Shopdesk',
  },
  mac: {
    icon: 'resources/icon.icns',
    files: filesFor('darwin'),
    category: 'public.app-category.business',
    // the dmg installs; electron-updater (Squirrel.Mac) updates an installed copy from the zip
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
    notarize: true,
  },
  dmg: { sign: false },
  linux: {
    icon: 'resources/icons',
    files: filesFor('linux'),
    target: ['AppImage'],
    category: 'Office',
    synopsis: 'Orders and stock at the shop counter',
  },
};

export default config;
