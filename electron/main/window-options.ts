/** Secure window options and trusted-sender rules, kept pure so unit tests check them without Electron. */
import type { BrowserWindowConstructorOptions } from 'electron';
import { DEFAULT_SIZE, MIN_SIZE, type Bounds } from './window-state';

const PRODUCT_NAME = 'Shopdesk';

export function mainWindowOptions(
  preloadPath: string,
  place: { bounds?: Bounds; dark?: boolean } = {},
): BrowserWindowConstructorOptions {
  return {
    width: place.bounds?.width ?? DEFAULT_SIZE.width,
    height: place.bounds?.height ?? DEFAULT_SIZE.height,
    ...(place.bounds ? { x: place.bounds.x, y: place.bounds.y } : {}),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    // the product's name, the same in every language (the page sets the title it shows)
    title: PRODUCT_NAME,
    // the colour shown before the page paints follows the OS theme, so a dark desktop gets no white flash
    backgroundColor: place.dark ? '#1a1b1e' : '#ffffff',
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
      // middle-click would open links in a new window; window.open is denied anyway, this stops it earlier
      disableBlinkFeatures: 'Auxclick',
    },
  };
}

/**
 * The dev server's address (electron-vite dev sets ELECTRON_RENDERER_URL), honoured only when the app is not packaged
 * and only on this computer: in an installed app an environment variable must not load a page that is then trusted.
 */
export function devRendererUrl(value: string | undefined, packaged: boolean): string | undefined {
  if (packaged || !value) return undefined;
  try {
    const url = new URL(value);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return (url.protocol === 'http:' || url.protocol === 'https:') && loopback && !url.username && !url.password
      ? value
      : undefined;
  } catch {
    return undefined;
  }
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
  // a file: URL with a host (file://server/share/…) is a network share on Windows, never the app's own page
  if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
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
