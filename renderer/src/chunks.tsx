/**
 * Components from chunks of their own (lazy.tsx: the first screen's controls whose library parts come later;
 * lazyScreens.tsx: the screens the first one does not need): `chunk` makes one, and every chunk is fetched once the first
 * screen has painted and the page is idle, one at a time, so by the time staff reach for one it is there and shows at
 * once (a chunk already loaded is handed to React synchronously: no fallback, no flash). Budget and figures:
 * scripts/package-check.ts (first screen ≤ 700 kB of script), bench/first-screen.ts.
 */
import { Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { laterWords, t } from './i18n';

type Loaded<P> = { default: ComponentType<P> };

/** Every chunk's loader, in the order they are fetched after the first paint. */
const loaders: (() => Promise<unknown>)[] = [];

/** How long after the page has loaded the chunks wait for a first screen that never says it is shown (#31.2). */
export const FIRST_SCREEN_WAIT_MS = 1500;

let markShown: () => void = () => undefined;
/** Resolves when the first screen has its rows (or says why it has none): firstScreenShown(). */
const shown = new Promise<void>((resolve) => (markShown = resolve));

/**
 * The first screen says it is shown: a list's first rows have arrived (or its empty or failed state). Chunks are
 * fetched only after that has painted, so their download and compiling never hold up the rows staff opened the app
 * for (they did: the chart's 418 kB and the later controls came in between the first paint and the order list's first
 * query, 729 ms to the first rows against ~600). Idempotent; a screen without a list is waited for only
 * FIRST_SCREEN_WAIT_MS after the page's load.
 */
export function firstScreenShown(): void {
  markShown();
}

/** Resolves once the first screen has painted: what is fetched after it does not hold up the first screen. */
const painted = new Promise<void>((resolve) => {
  if (typeof window === 'undefined') return;
  const afterPaint = (): void => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  };
  const loaded = (): void => {
    const waited = new Promise<void>((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS));
    void Promise.race([shown, waited]).then(afterPaint);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
});

/**
 * A component from a chunk of its own. `fallback` shows only while a chunk that has not arrived yet is fetched
 * (someone faster than the prefetch, or a slow disk). A `deferred` chunk shown on the first screen itself (the chart)
 * is not fetched before that screen has painted: its fallback holds its place until then.
 */
export function chunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => <Loading />,
  deferred = false,
): ComponentType<P> {
  let loaded: Loaded<P> | null = null;
  let pending: Promise<Loaded<P>> | null = null;
  // a chunk's screen shows once its English words are in too (i18n.tsx, shared/i18n/areas.ts)
  const fetch = (): Promise<Loaded<P>> =>
    (pending ??= Promise.all([load(), laterWords()])
      .then(([component]) => component)
      .then(
        (component) => (loaded = { default: component }),
        (error: unknown) => {
          pending = null; // a chunk that failed to arrive is asked for again next time
          throw error;
        },
      ));
  loaders.push(fetch);
  // once loaded, a thenable that answers at once: React.lazy then renders without suspending
  const Lazy = lazy(() =>
    loaded ? ({ then: (resolve: (m: Loaded<P>) => void) => resolve(loaded!) } as Promise<Loaded<P>>) : fetch(),
  );
  function Chunk(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  function DeferredChunk(props: P) {
    const [ready, setReady] = useState(loaded !== null);
    useEffect(() => {
      if (ready) return;
      let gone = false;
      void painted.then(fetch).then(
        () => !gone && setReady(true),
        () => undefined,
      );
      return () => {
        gone = true;
      };
    }, [ready]);
    return ready ? <Chunk {...props} /> : fallback(props);
  }
  return deferred ? DeferredChunk : Chunk;
}

/** Shown only if a chunk takes longer than a moment (nothing at all for the first 300 ms). */
function Loading() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), 300);
    return () => clearTimeout(timer);
  }, []);
  if (!late) return null;
  return (
    <Group gap="sm" p="md" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('common.loading')}</Text>
    </Group>
  );
}

/** Fetches every chunk, one at a time, when the page is idle after its first paint (started once, on import). */
function prefetch(): void {
  if (typeof window === 'undefined') return;
  const idle = (then: () => void): void => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(then, { timeout: 2000 });
    else setTimeout(then, 50);
  };
  const next = (i: number): void => {
    if (i >= loaders.length) return;
    idle(
      () =>
        void loaders[i]!().then(
          () => next(i + 1),
          () => next(i + 1),
        ),
    );
  };
  void painted.then(() => next(0));
}

prefetch();
