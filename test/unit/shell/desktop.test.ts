/** The desktop shell's pure pieces, without Electron: guards, CSP, menu, shortcuts, window placement, packaging. */
import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { readBuilderConfig } from '../../../scripts/builder-config';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, HEADER_CSP, RENDERER_CSP } from '../../../shared/csp';
import { commandFor, COMMANDS, SHORTCUTS, shortcutText } from '../../../shared/shortcuts';
import { menuTemplate, type MenuActions } from '../../../electron/main/menu';
import { saveSupportFile } from '../../../electron/main/support-save';
import { shellTranslator } from '../../../electron/main/speech';
import { externalLink, mayGrantPermission, mayNavigate, windowOpenDecision } from '../../../electron/main/security';
import { devRendererUrl, isTrustedSender, mainWindowOptions } from '../../../electron/main/window-options';
import { placeWindow, readWindowState } from '../../../electron/main/window-state';
import type { MenuItemConstructorOptions } from 'electron';

/** electron-builder.yml, read as electron-builder's command line reads it. */
const builder = await readBuilderConfig();

const RENDERER = '/opt/Shopdesk/resources/app.asar/out/renderer/index.html';
const OWN = `file://${RENDERER}`;

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'file:///C:/Windows/System32/calc.exe',
  'http://shopdesk.app/',
  'https://evil.example/',
  'https://shopdesk.app.evil.example/',
  'https://user:pass@shopdesk.app/',
  'https://shopdesk.app:8443/',
  'vbscript:msgbox',
  'about:blank',
  'chrome://settings',
  'devtools://devtools',
  'ms-msdt:/id PCWDiagnostic',
  'smb://attacker/share',
  '',
  'not a url',
  `${OWN}/../../../../etc/passwd`,
  'file:///opt/Shopdesk/resources/app.asar/out/renderer/other.html',
  // the same path on another host (a Windows network share) is not the app's own page
  'file://attacker.example/opt/Shopdesk/resources/app.asar/out/renderer/index.html',
];

describe('navigation and new windows', () => {
  it('the window never navigates away from the app’s own page', () => {
    expect(mayNavigate(OWN, undefined, RENDERER)).toBe(true);
    expect(mayNavigate(`${OWN}#/orders/3`, undefined, RENDERER)).toBe(true);
    for (const url of HOSTILE) expect(mayNavigate(url, undefined, RENDERER), url).toBe(false);
    expect(mayNavigate('http://localhost:5173/#/stock', 'http://localhost:5173', RENDERER)).toBe(true);
    expect(mayNavigate('http://localhost:5174/', 'http://localhost:5173', RENDERER)).toBe(false);
  });

  it('an installed app ignores ELECTRON_RENDERER_URL; a development run takes only a loopback address', () => {
    expect(devRendererUrl('https://evil.example/', true)).toBeUndefined();
    expect(devRendererUrl('http://localhost:5173', true)).toBeUndefined();
    expect(devRendererUrl('http://localhost:5173', false)).toBe('http://localhost:5173');
    expect(devRendererUrl('http://127.0.0.1:5173/', false)).toBe('http://127.0.0.1:5173/');
    for (const url of ['https://evil.example/', 'http://user:pw@localhost:5173', 'file:///tmp/x.html', 'nonsense', ''])
      expect(devRendererUrl(url, false), url).toBeUndefined();
    expect(devRendererUrl(undefined, false)).toBeUndefined();
  });

  it('window.open is always denied; only allow-listed https links go to the user’s browser', () => {
    for (const url of HOSTILE) expect(windowOpenDecision(url), url).toEqual({ action: 'deny', openExternally: null });
    expect(windowOpenDecision('https://shopdesk.app/help?x=1')).toEqual({
      action: 'deny',
      openExternally: 'https://shopdesk.app/help?x=1',
    });
    expect(externalLink('https://HELP.shopdesk.app/a')).toBe('https://help.shopdesk.app/a');
    expect(externalLink('https://shopdesk.app:443/')).toBe('https://shopdesk.app/');
  });

  it('no permission is ever granted', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'usb', 'hid', 'serial'])
      expect(mayGrantPermission(p)).toBe(false);
  });

  it('IPC senders: only the app’s own top-level frame', () => {
    const main = { url: OWN, parent: null };
    expect(isTrustedSender(main, undefined, RENDERER)).toBe(true);
    expect(isTrustedSender({ url: OWN, parent: main }, undefined, RENDERER)).toBe(false); // a subframe
    for (const url of HOSTILE) expect(isTrustedSender({ url, parent: null }, undefined, RENDERER), url).toBe(false);
    expect(isTrustedSender(null, undefined, RENDERER)).toBe(false);
  });
});

describe('window options', () => {
  it('follow Electron’s security checklist', () => {
    const web = mainWindowOptions('/p/preload.cjs').webPreferences!;
    expect(web).toMatchObject({
      preload: '/p/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(web).not.toHaveProperty('enableBlinkFeatures');
  });

  it('take the remembered place and the OS theme', () => {
    const options = mainWindowOptions('/p', { bounds: { x: 10, y: 20, width: 1000, height: 700 }, dark: true });
    expect(options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, backgroundColor: '#1a1b1e' });
    expect(mainWindowOptions('/p')).not.toHaveProperty('x');
  });
});

describe('CSP', () => {
  it('is strict: own files only, no inline or remote script, nothing embedded', () => {
    expect(CSP_DIRECTIVES['default-src']).toBe("'self'");
    expect(CSP_DIRECTIVES['script-src']).toBe("'self'");
    for (const [name, value] of Object.entries(CSP_DIRECTIVES)) {
      expect(value, name).not.toMatch(/https?:|\*|'unsafe-eval'|blob:/);
      if (name !== 'style-src') expect(value, name).not.toContain('unsafe-inline');
    }
    expect(RENDERER_CSP).toContain("object-src 'none'");
    expect(HEADER_CSP).toContain("frame-ancestors 'none'");
  });

  it('the built page carries exactly this CSP (when built)', () => {
    const file = path.resolve('out/renderer/index.html');
    if (!fs.existsSync(file)) return; // npm test builds before the e2e check of the page
    const html = fs.readFileSync(file, 'utf8');
    expect(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]).toBe(RENDERER_CSP);
  });
});

describe('shortcuts and menu', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it('map keys to commands, Cmd on macOS and Ctrl elsewhere', () => {
    expect(commandFor(key('1', { ctrlKey: true }), false, false)).toBe('go-orders');
    expect(commandFor(key('4', { ctrlKey: true }), false, true)).toBe('go-outbox');
    expect(commandFor(key('n', { ctrlKey: true }), false, true)).toBe('new-order');
    expect(commandFor(key('k', { metaKey: true }), true, true)).toBe('palette');
    expect(commandFor(key('f', { metaKey: true }), true, false)).toBe('focus-search');
    expect(commandFor(key('k', { ctrlKey: true }), true, false)).toBeNull(); // Ctrl is not Cmd on a Mac
    expect(commandFor(key('1', { metaKey: true }), false, false)).toBeNull();
    expect(commandFor(key('1', { ctrlKey: true, altKey: true }), false, false)).toBeNull();
    expect(commandFor(key('?', { shiftKey: true }), false, false)).toBe('shortcuts');
    expect(commandFor(key('?', { shiftKey: true }), false, true)).toBeNull(); // typing a "?" in a field
    expect(commandFor(key('x', { ctrlKey: true }), false, false)).toBeNull();
    expect(shortcutText('CmdOrCtrl+1', true)).toBe('⌘1');
    expect(shortcutText('CmdOrCtrl+K', false)).toBe('Ctrl+K');
  });

  it('every shortcut is unique and every command has one', () => {
    const accelerators = SHORTCUTS.map((s) => s.accelerator);
    expect(new Set(accelerators).size).toBe(accelerators.length);
    expect(SHORTCUTS.map((s) => s.command).sort()).toEqual([...COMMANDS].sort());
  });

  const flatten = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);

  for (const platform of ['win32', 'darwin', 'linux']) {
    it(`the ${platform} menu shows the shortcuts, has the usual roles, and sends commands`, () => {
      const sent: string[] = [];
      const actions: MenuActions = {
        command: (c) => sent.push(c),
        openLogsFolder: () => sent.push('logs'),
        saveSupportFile: () => sent.push('support file'),
        about: () => sent.push('about'),
      };
      const items = flatten(menuTemplate(platform, actions));
      const accelerators = items.filter((i) => i.accelerator).map((i) => `${i.label}=${String(i.accelerator)}`);
      for (const s of SHORTCUTS.filter((s) => s.accelerator !== 'Shift+/'))
        expect(
          accelerators.some((a) => a.endsWith(`=${s.accelerator}`)),
          s.accelerator,
        ).toBe(true);
      // one accelerator per command in the whole menu (New order appears twice: the same command)
      const byAccelerator = new Map<string, Set<string>>();
      for (const i of items.filter((i) => i.accelerator)) {
        const set = byAccelerator.get(String(i.accelerator)) ?? new Set();
        set.add(String(i.label));
        byAccelerator.set(String(i.accelerator), set);
      }
      for (const [acc, labels] of byAccelerator) expect(labels.size, acc).toBe(1);
      // the page acts on the keys itself (same in the browser host), so the menu does not grab them
      expect(items.filter((i) => i.accelerator).every((i) => i.registerAccelerator === false)).toBe(true);
      const roles = items.map((i) => i.role).filter(Boolean);
      expect(roles).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'togglefullscreen']));
      expect(roles).not.toContain('toggleDevTools');
      if (platform === 'darwin') expect(roles).toEqual(expect.arrayContaining(['hide', 'quit', 'services']));
      else expect(roles).toContain('quit');
      const click = (label: string) =>
        items.find((i) => i.label === label)!.click!({} as never, undefined, {} as never);
      click('Stock');
      click('Open logs folder');
      click('Save a support file…');
      click('About Shopdesk');
      click('Keyboard shortcuts');
      expect(sent).toEqual(['go-stock', 'logs', 'support file', 'about', 'shortcuts']);
      // Help holds it, without a shortcut of its own (a menu action, not one of the page's commands)
      const help = menuTemplate(platform, actions).find((m) => m.role === 'help')!;
      const supportItem = flatten(help.submenu as MenuItemConstructorOptions[]).find(
        (i) => i.label === 'Save a support file…',
      );
      expect(supportItem?.accelerator).toBeUndefined();
    });
  }

  it('the menus speak the language chosen in Settings, else the system’s; Electron’s roles too', () => {
    const actions: MenuActions = {
      command: () => 0,
      openLogsFolder: () => 0,
      saveSupportFile: () => 0,
      about: () => 0,
    };
    const labels = (items: MenuItemConstructorOptions[]) => flatten(items).map((i) => i.label);
    const german = labels(menuTemplate('win32', actions, false, shellTranslator('de', ['en-US'])));
    expect(german).toEqual(
      expect.arrayContaining(['&Datei', '&Bearbeiten', 'Bestellungen', 'Kopieren', 'Shopdesk beenden']),
    );
    const system = labels(menuTemplate('darwin', actions, false, shellTranslator('auto', ['fr-CH', 'en-US'])));
    expect(system).toEqual(expect.arrayContaining(['&Fichier', 'À propos de Shopdesk', 'Masquer Shopdesk']));
    // every item but separators has words, in every language
    for (const language of ['en', 'de', 'fr', 'es', 'nl'] as const)
      for (const platform of ['win32', 'darwin'])
        for (const item of flatten(menuTemplate(platform, actions, true, shellTranslator(language, []))))
          if (item.type !== 'separator') expect(item.label, `${language} ${String(item.role)}`).toMatch(/\p{L}/u);
  });

  it('Help → Save a support file…: the core’s zip, where staff choose; cancelled or failed said as such', async () => {
    const zip = {
      filename: 'shopdesk-support-2026-11-26.zip',
      base64: Buffer.from('PK\u0003\u0004zip').toString('base64'),
    };
    const written: [string, string][] = [];
    const asked: string[] = [];
    const deps = {
      make: async () => zip,
      ask: async (name: string) => (asked.push(name), `/home/till/Downloads/${name}`),
      write: async (file: string, bytes: Buffer) => void written.push([file, bytes.toString()]),
    };
    expect(await saveSupportFile(deps)).toBe('saved');
    expect(asked).toEqual([zip.filename]);
    expect(written).toEqual([[`/home/till/Downloads/${zip.filename}`, 'PK\u0003\u0004zip']]);
    expect(await saveSupportFile({ ...deps, ask: async () => null })).toBe('cancelled');
    expect(await saveSupportFile({ ...deps, make: async () => null })).toBe('failed');
    expect(
      await saveSupportFile({
        ...deps,
        write: async () => {
          throw new Error('EACCES');
        },
      }),
    ).toBe('failed');
    expect(written).toHaveLength(1);
  });

  it('developer items only in development', () => {
    const roles = flatten(
      menuTemplate(
        'linux',
        { command: () => 0, openLogsFolder: () => 0, saveSupportFile: () => 0, about: () => 0 },
        true,
      ),
    ).map((i) => i.role);
    expect(roles).toContain('toggleDevTools');
  });
});

describe('window placement', () => {
  const primary = { x: 0, y: 0, width: 1920, height: 1040 };
  const second = { x: 1920, y: 0, width: 1280, height: 1000 };

  it('comes back where it was', () => {
    const saved = { bounds: { x: 2000, y: 50, width: 1100, height: 800 }, maximized: false };
    expect(placeWindow(saved, [primary, second])).toEqual({ ...saved, centred: false });
  });

  it('a window left on a monitor that is gone opens centred on the one that is there', () => {
    const saved = { bounds: { x: 2000, y: 50, width: 1100, height: 800 }, maximized: true };
    expect(placeWindow(saved, [primary])).toMatchObject({ centred: true, maximized: true, bounds: { x: 320, y: 110 } });
  });

  it('is shrunk to fit a smaller screen and kept on it', () => {
    const small = { x: 0, y: 0, width: 1366, height: 728 };
    const saved = { bounds: { x: 1200, y: 20, width: 3000, height: 2000 }, maximized: false };
    expect(placeWindow(saved, [small]).bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
    // a title bar above the top of the screen cannot be grabbed: the window is centred instead
    const above = { bounds: { x: 100, y: -40, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(above, [small])).toMatchObject({ centred: true, bounds: { y: 0, height: 728 } });
  });

  it('reads anything stored without trusting it', () => {
    for (const raw of [null, 'x', 42, {}, { bounds: { x: 'a', y: 0, width: 1, height: 1 } }, { bounds: { x: NaN } }])
      expect(readWindowState(raw)).toBeNull();
    expect(placeWindow(null, [primary])).toMatchObject({ centred: true, bounds: { width: 1280, height: 820 } });
    expect(placeWindow(null, [])).toMatchObject({ centred: true });
  });
});

describe('packaging (electron-builder.yml)', () => {
  // the file package:check builds (test/unit/package/package.test.ts opens what it produces)
  const config = builder as Configuration & {
    win: { icon: string; target: unknown };
    mac: { icon: string; target: unknown; entitlements: string; entitlementsInherit: string };
    linux: { icon: string; target: unknown };
  };

  it('sets the security fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual([
      'node_modules/better-sqlite3-multiple-ciphers/**',
      'out/main/catalogue-writer.mjs',
    ]);
    expect(config.npmRebuild).toBe(false);
  });

  it('builds per-user NSIS for x64 and arm64, dmg for both Macs with hardened runtime, and an AppImage', () => {
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false });
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    expect(config.linux.target).toEqual(['AppImage']);
    expect(config.appId).toBe('com.shopdesk.app');
    expect(config.productName).toBe('Shopdesk');
  });

  it('each platform packs the common file list (its YAML anchors) and only its own SQLite binary', () => {
    // a platform's `files` replaces the top-level list in electron-builder, so each names it again by its anchors
    const common = config.files as string[];
    expect(common.slice(0, 2)).toEqual(['out/**', 'package.json']);
    for (const [key, platform] of [
      ['win', 'win32'],
      ['mac', 'darwin'],
      ['linux', 'linux'],
    ] as const)
      expect((config[key] as { files?: unknown }).files, key).toEqual([
        ...common,
        `!**/node_modules/better-sqlite3-multiple-ciphers/prebuilds/!(${platform}-\${arch}).node`,
      ]);
  });

  it('every file it names exists, and the icons were made from the one source', () => {
    for (const file of [config.win.icon, config.mac.icon, config.mac.entitlements, config.mac.entitlementsInherit])
      expect(fs.existsSync(file), file).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(fs.existsSync(path.join(config.linux.icon, `${size}x${size}.png`)), String(size)).toBe(true);
    const png = fs.readFileSync('resources/icon.png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(fs.readFileSync('resources/icon.icns').subarray(0, 4).toString()).toBe('icns');
    expect(fs.readFileSync('resources/icon.ico').readUInt16LE(2)).toBe(1); // ICO type
    const entitlements = fs.readFileSync(config.mac.entitlements, 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements).not.toContain('disable-library-validation');
  });
});
