/**
 * The Electron shell: lifecycle, the window, IPC binding and the safeStorage vault. Everything else is the core.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, safeStorage, screen, session, shell } from 'electron';
import Store from 'electron-store';
import log from 'electron-log/main';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from './core/index';
import { useSqliteBinding } from './core/storage/open';
import { sqliteBindingFile, writerHashFile, writerThreadFile } from './core/packaged-paths';
import { readProxyLogin } from './core/settings/token';
// electron-vite builds the writer thread as a bundle of its own (only SQLite left outside) and gives its path
import writerScript from './core/catalogue/writer.worker?modulePath';
import { bindIpc, forwardEvents } from './ipc';
import { loadDatabaseKey, SafeStorageVault, type CipherStore } from './vault';
import type { Command } from '../../shared/shortcuts';
import type { Draft } from '../../shared/domain';
import { menuTemplate } from './menu';
import { shellTranslator } from './speech';
import type { LanguageChoice } from '../../shared/i18n/languages';
import type { Translator } from '../../shared/i18n/translate';
import { mayGrantPermission, mayNavigate, windowOpenDecision } from './security';
import { devRendererUrl, isTrustedSender, mainWindowOptions } from './window-options';
import { AppFailure } from '../../shared/errors';
import { placeWindow, readWindowState, type WindowState } from './window-state';
import { electronUpdaterPort } from './updater';
import { saveSupportFile } from './support-save';
import { printHandlers, withShellHandlers } from './printing';
import { quitQuestion } from './quit-guard';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererFile = path.join(here, '../renderer/index.html');
const preloadFile = path.join(here, '../preload/index.cjs');
const devServerUrl = devRendererUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged);
// every file and folder this process creates is this user's only (the data folder's own modes are kept by the core)
process.umask(0o077);
/** SQLite's binary and the writer thread as real files: next to app.asar when installed, in out/ in development. */
const sqliteBinary = sqliteBindingFile({
  packageDir: path.dirname(createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers/package.json')),
  platform: process.platform,
  arch: process.arch,
});
useSqliteBinding(sqliteBinary);
/** How long quitting waits for the core to close before the app exits anyway. */
const QUIT_WAIT_MS = 5000;

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
/** The shell's words: the system's language until the preferences are read, then Settings' choice (issue #18). */
let speech: Translator | null = null;
const words = (choice?: LanguageChoice): Translator => {
  if (choice !== undefined || !speech) speech = shellTranslator(choice, app.getPreferredSystemLanguages());
  return speech;
};

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!mayNavigate(url, devServerUrl, rendererFile)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!mayNavigate(url, devServerUrl, rendererFile)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = windowOpenDecision(url);
      // only allow-listed https links, and only in the user's browser (electronegativity: reviewed openExternal)
      if (decision.openExternally) void shell.openExternal(decision.openExternally);
      return { action: decision.action };
    });
  });

  const windowStore = new Store<{ window?: WindowState }>({ name: 'window' });
  const send = (command: Command): void => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send('app:command', { command });
  };
  const about = (): void => {
    const { t } = words();
    const options = {
      type: 'info' as const,
      title: t('menu.about'),
      message: t('shell.version', { version: app.getVersion() }),
      detail: `Electron ${process.versions.electron} · Chromium ${process.versions.chrome} · Node ${process.versions.node}`,
    };
    void (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
  };

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(mayGrantPermission(permission)),
    );
    session.defaultSession.setPermissionCheckHandler((_contents, permission) => mayGrantPermission(permission));
    app.setAboutPanelOptions({ applicationName: 'Shopdesk', applicationVersion: app.getVersion() });
    const cipherStore = new Store<{ tokenCiphertext?: string; databaseKeyCiphertext?: string }>({
      name: 'vault',
    }) as unknown as CipherStore;
    const vault = await SafeStorageVault.create(safeStorage, cipherStore, process.platform);
    const databaseKey = await loadDatabaseKey(safeStorage, cipherStore, process.platform, app.getPath('userData'));
    core = startCore(vault, databaseKey);
    if (!core) return;
    // printing needs the window's contents: the shell answers it (printing.ts), the core everything else
    const dispatch = withShellHandlers(
      core.dispatch,
      printHandlers(() => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null)),
    );
    bindIpc(ipcMain, dispatch, (frame) => isTrustedSender(frame, devServerUrl, rendererFile));
    forwardEvents(core.events, () => mainWindow?.webContents ?? null);

    setMenu();
    await speakChosenLanguage(core);
    await openMainWindow();
  });

  /**
   * The core on this computer's data folder, with its log, updater and catalogue writer; null when another Shopdesk
   * holds the folder (said in a dialog, and this one exits).
   */
  function startCore(vault: SafeStorageVault, databaseKey: Awaited<ReturnType<typeof loadDatabaseKey>>): Core | null {
    // Logs go to a file in the user data folder; the core never logs tokens or customer data.
    log.transports.file.level = 'info';
    log.transports.file.maxSize = 5 * 1024 * 1024; // then main.log becomes main.old.log: two files at most
    const coreLog = {
      info: (message: string) => log.info(message),
      warn: (message: string) => log.warn(message),
      error: (message: string, detail?: unknown) => log.error(message, detail ?? ''),
    };
    try {
      return createCore({
        dataDir: app.getPath('userData'),
        vault,
        host: 'electron',
        version: app.getVersion(),
        log: coreLog,
        databaseKey,
        // installed copies update themselves; the core's policy decides when (core/updates/policy.ts)
        updater: app.isPackaged
          ? electronUpdaterPort({
              resourcesPath: process.resourcesPath,
              log: coreLog,
              beforeInstall: closeCore,
              appPackageJson: path.join(app.getAppPath(), 'package.json'),
              // a shop's own feed, from whoever administers this computer (a shortcut's flag, the environment)
              adminFeed: app.commandLine.getSwitchValue('update-feed') || process.env.SHOPDESK_UPDATE_FEED || null,
              // the same route as the core's requests: Settings → Proxy, and the proxy set by hand's login (#26.4)
              network: {
                settings: async () => {
                  const view = await core?.dispatch('settings:network', {});
                  return view?.ok
                    ? (view.value as { mode: 'system' | 'manual' | 'none'; url: string | null })
                    : { mode: 'system', url: null };
                },
                login: () => readProxyLogin(vault),
              },
            })
          : null,
        // plain JavaScript, no loader needed; unpacked next to the archive in the installed app
        catalogueWriter: {
          script: writerThreadFile(writerScript),
          execArgv: [],
          nativeBinding: sqliteBinary,
          // checked against the hash the build kept inside the archive before it runs (#25.8)
          sha256: writerHash(writerScript),
        },
        // the system's proxy for each request as Chromium applies it: OS settings, PAC file, WPAD (#26)
        resolveProxy: (url) => session.defaultSession.resolveProxy(url),
        // its last part goes into a support file (Help → Save a support file…)
        logFile: log.transports.file.getFile().path,
      });
    } catch (error) {
      if (!(error instanceof AppFailure && error.code === 'data_folder_in_use')) throw error;
      const { t } = words();
      const folder = app.getPath('userData');
      dialog.showErrorBox(
        t('shell.alreadyRunning'),
        error.facts?.pid
          ? t('shell.alreadyRunningPid', { folder, pid: String(error.facts.pid) })
          : t('shell.alreadyRunningText', { folder }),
      );
      app.exit(1);
      return null;
    }
  }

  /** The application menu, in the shell's words of the moment. */
  function setMenu(): void {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(
          process.platform,
          {
            command: send,
            about,
            openLogsFolder: () => void shell.openPath(path.dirname(log.transports.file.getFile().path)),
            saveSupportFile: () =>
              void saveSupportFile({
                make: async () => {
                  const made = await core?.dispatch('support:file', { includeCustomers: false });
                  return made?.ok ? (made.value as { filename: string; base64: string }) : null;
                },
                ask: async (filename) => {
                  const options = {
                    defaultPath: path.join(app.getPath('downloads'), filename),
                    filters: [{ name: 'Zip', extensions: ['zip'] }],
                  };
                  const answer = await (mainWindow
                    ? dialog.showSaveDialog(mainWindow, options)
                    : dialog.showSaveDialog(options));
                  return answer.canceled || !answer.filePath ? null : answer.filePath;
                },
                write: (file, bytes) => fs.promises.writeFile(file, bytes, { mode: 0o600 }),
              }).then((outcome) => {
                if (outcome !== 'failed') return;
                const { t } = words();
                dialog.showErrorBox(t('support.save'), t('support.failed'));
              }),
          },
          Boolean(devServerUrl),
          words(),
        ),
      ),
    );
  }

  /** The menus speak the language chosen in Settings, and follow a change of it at once. */
  async function speakChosenLanguage(started: Core): Promise<void> {
    const prefs = await started.dispatch('ui:get', {});
    if (prefs.ok) {
      words((prefs.value as { language: LanguageChoice }).language);
      setMenu();
    }
    let language = prefs.ok ? (prefs.value as { language: LanguageChoice }).language : undefined;
    started.events.on('ui:changed', (ui) => {
      if (ui.language === language) return;
      language = ui.language;
      words(ui.language);
      setMenu();
    });
  }

  /** The main window, placed and sized as it was left and remembered as it changes, with the renderer loaded. */
  async function openMainWindow(): Promise<void> {
    const place = placeWindow(
      readWindowState(windowStore.get('window')),
      screen.getAllDisplays().map((d) => d.workArea),
    );
    mainWindow = new BrowserWindow(
      mainWindowOptions(preloadFile, {
        bounds: place.centred ? undefined : place.bounds,
        dark: nativeTheme.shouldUseDarkColors,
      }),
    );
    mainWindow.once('ready-to-show', () => {
      if (place.maximized) mainWindow?.maximize();
      mainWindow?.show();
    });
    const remember = (): void => {
      if (!mainWindow || mainWindow.isDestroyed() || mainWindow.isMinimized()) return;
      const maximized = mainWindow.isMaximized();
      const previous = readWindowState(windowStore.get('window'));
      // a maximised window keeps the size it had before, to go back to
      const bounds = maximized && previous ? previous.bounds : mainWindow.getNormalBounds();
      windowStore.set('window', { bounds, maximized });
    };
    mainWindow.on('resized', remember);
    mainWindow.on('moved', remember);
    mainWindow.on('maximize', remember);
    mainWindow.on('unmaximize', remember);
    mainWindow.on('close', remember);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    if (devServerUrl) await mainWindow.loadURL(devServerUrl);
    else await mainWindow.loadFile(rendererFile);
  }

  app.on('window-all-closed', () => app.quit());

  /** Closes the core once, waiting at most QUIT_WAIT_MS (quitting, and before an update is installed). */
  let closing: Promise<void> | null = null;
  function closeCore(): Promise<void> {
    quitConfirmed = true; // nothing is left to ask about: the outbox was empty for "Restart to update"
    closing ??= Promise.race([
      core?.close().catch(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, QUIT_WAIT_MS)),
    ]).then(() => {
      closed = true;
    });
    return closing;
  }

  // Quitting with orders not yet sent, or orders on hold (named), asks first (they are kept either way).
  let quitConfirmed = false;
  app.on('before-quit', (event) => {
    if (quitConfirmed || !core) return;
    event.preventDefault();
    void Promise.all([core.dispatch('outbox:list', {}), core.dispatch('drafts:list', {})]).then(
      async ([result, list]) => {
        const unsent = result.ok ? (result.value as { unsent: number }).unsent : 0;
        const drafts = list.ok ? (list.value as { drafts: Draft[] }).drafts : [];
        const options = quitQuestion(unsent, drafts, words().t);
        if (options) {
          const { response } = mainWindow
            ? await dialog.showMessageBox(mainWindow, options)
            : await dialog.showMessageBox(options);
          if (response !== 1) return;
        }
        quitConfirmed = true;
        app.quit();
      },
    );
  });
  // The core gets a moment to finish closing (a send under way is recorded, the catalogue's threads let go of their
  // files): a thread stopped inside SQLite at exit can take the process down with it, which the OS reports as a crash.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !core) return;
    event.preventDefault();
    // quit again once closed: the 'quit' event then fires, and a downloaded update is installed on the way out
    void closeCore().then(() => app.quit());
  });
}

/** The writer's SHA-256 as the build recorded it inside the archive; null when it cannot be read (the thread then does not start). */
function writerHash(builtScript: string): string | null {
  try {
    const text = fs.readFileSync(writerHashFile(builtScript), 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? text : null;
  } catch {
    return null;
  }
}
