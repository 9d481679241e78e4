/**
 * What jsdom lacks and Mantine asks of a browser (matchMedia, ResizeObserver), for the renderer's unit tests: call
 * once before drawing (beforeAll).
 */
export function browserBits(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * The languages a test draws in, loaded before it draws (call in beforeAll). `Speaking` draws nothing until its
 * catalogue and dates locale are in: dynamic imports that took over a second under a loaded parallel run, longer than
 * Testing Library waits (`findBy…`), so a test failed for the machine's load, not for the app. Loaded once, they are
 * answered at once when a test draws.
 */
export async function speechesLoaded(): Promise<void> {
  const { loadSpeech } = await import('../../../renderer/src/i18n');
  await Promise.all(
    (['en-GB', 'en-US', 'de-DE'] as const).map((locale) =>
      loadSpeech({ language: locale.startsWith('de') ? 'de' : 'en', locale }),
    ),
  );
}
