/** Secure window options and trusted-sender rules, kept pure so unit tests check them without Electron. */
import type { BrowserWindowConstructorOptions } from 'electron';

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Shopdesk',
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/** The renderer's own origin: the built file, or the dev server when ELECTRON_RENDERER_URL is set. */
export function isTrustedRendererUrl(url: string, devServerUrl: string | undefined, rendererFile: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (devServerUrl) {
    try {
      return parsed.origin === new URL(devServerUrl).origin;
    } catch {
      return false;
    }
  }
  if (parsed.protocol !== 'file:') return false;
  const expected = new URL(`file://${rendererFile.startsWith('/') ? '' : '/'}${rendererFile.replace(/\\/g, '/')}`);
  return decodeURIComponent(parsed.pathname) === decodeURIComponent(expected.pathname);
}

export interface FrameLike {
  url: string;
  parent: unknown;
}

/** Only the app's own top-level frame may call main. */
export function isTrustedSender(
  frame: FrameLike | null | undefined,
  devServerUrl: string | undefined,
  rendererFile: string,
): boolean {
  if (!frame || frame.parent !== null) return false;
  return isTrustedRendererUrl(frame.url, devServerUrl, rendererFile);
}
