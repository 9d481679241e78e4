/**
 * What the first screen does not need is loaded when first used: the order wizard (and the screen after sending),
 * the order view (with its print layout), Stock, Outbox, Settings, the chart and the Ctrl+K palette each come in a
 * chunk of their own. So do the library parts of the first screen's own controls that only matter once someone
 * reaches for them (#31.2): the From and To calendars, the drop-downs, dialogs, tooltips, the column chooser's popover,
 * a saved view's menu and where notices are drawn (components/later.ts), each standing in meanwhile with the same name
 * and size (components/placeholders.tsx). Every chunk is
 * fetched once the first screen has painted and the page is idle, one at a time, so by the time staff reach for one
 * it is there and shows at once (a chunk already loaded is handed to React synchronously: no fallback, no flash).
 * Budget and figures: scripts/package-check.ts (first screen ≤ 700 kB of script), bench/first-screen.ts.
 */
import type { BarChartProps } from '@mantine/charts';
import type { ModalProps, SelectProps, TooltipProps } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { Box, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { laterWords, t } from './i18n';
import type { ColumnChooserProps } from './components/ColumnChooser';
import type { ShortcutsHelpProps } from './components/ShortcutsHelp';
import type { SkippedDialogProps } from './components/SkippedDialog';
import { ColumnsButton, SelectField, ViewMenuButton } from './components/placeholders';
import type { ViewMenuProps } from './screens/orders/ViewMenu';
import { DayFilterField, type DayFilterProps } from './screens/orders/DayFilterField';
import { useReportWizardOpen } from './updates';

type Loaded<P> = { default: ComponentType<P> };

/** Every chunk's loader, in the order they are fetched after the first paint. */
const loaders: (() => Promise<unknown>)[] = [];

/** Resolves once the page has loaded and painted: what is fetched after it does not hold up the first screen. */
const painted = new Promise<void>((resolve) => {
  if (typeof window === 'undefined') return;
  const afterPaint = (): void => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  };
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
});

/**
 * A component from a chunk of its own. `fallback` shows only while a chunk that has not arrived yet is fetched
 * (someone faster than the prefetch, or a slow disk). A `deferred` chunk shown on the first screen itself (the chart)
 * is not fetched before that screen has painted: its fallback holds its place until then.
 */
function chunk<P extends object>(
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

const Wizard = chunk(() => import('./screens/new-order/WizardScreen').then((m) => m.WizardScreen));
/** The wizard, and main told it is open while it is (an update never restarts Shopdesk under an order). */
export function WizardScreen() {
  useReportWizardOpen();
  return <Wizard />;
}
export const SubmittedScreen = chunk(() =>
  import('./screens/new-order/SubmittedScreen').then((m) => m.SubmittedScreen),
);
export const OrderDetailScreen = chunk(() =>
  import('./screens/orders/OrderDetailScreen').then((m) => m.OrderDetailScreen),
);
export const StockScreen = chunk(() => import('./screens/stock/StockScreen').then((m) => m.StockScreen));
export const OutboxScreen = chunk(() => import('./screens/outbox/OutboxScreen').then((m) => m.OutboxScreen));
export const TodayScreen = chunk(() => import('./screens/today/TodayScreen').then((m) => m.TodayScreen));
export const SettingsScreen = chunk(() => import('./screens/settings/SettingsScreen').then((m) => m.SettingsScreen));
/** Recharts, under Mantine's chart: the largest library, drawn in a space of the chart's own height meanwhile. */
export const BarChart = chunk<BarChartProps>(
  () => import('@mantine/charts').then((m) => m.BarChart),
  (props) => <Box h={props.h} aria-hidden />,
  true,
);
/**
 * The order list's From and To with Mantine's calendar (@mantine/dates): fetched once the first screen has painted, a
 * read-only field of the same name and day holding its place until then.
 */
export const DayFilter = chunk<DayFilterProps>(
  () => import('./screens/orders/DayFilter').then((m) => m.DayFilter),
  (props) => <DayFilterField {...props} />,
  true,
);
/** The first screen's controls whose library parts come after its first paint (components/later.ts), one chunk. */
const later = () => import('./components/later');
/** Where notices are drawn; a notice shown before it has come waits in its store and appears with it. */
export const Notifications = chunk<NotificationsProps>(
  () => later().then((m) => m.Notifications),
  () => null,
  true,
);
/** A drop-down list: until it has come, a read-only field of the same name showing the chosen option. */
export const Select = chunk<SelectProps>(
  () => later().then((m) => m.Select),
  (props) => <SelectField {...props} />,
  true,
);
/** A dialog: one opened before it has come shows when it comes. */
export const Modal = chunk<ModalProps>(
  () => later().then((m) => m.Modal),
  () => null,
  true,
);
/** The keyboard shortcuts' dialog. */
export const ShortcutsHelp = chunk<ShortcutsHelpProps>(
  () => later().then((m) => m.ShortcutsHelp),
  () => null,
  true,
);
/** The dialog listing the records that could not be read. */
export const SkippedDialog = chunk<SkippedDialogProps>(
  () => later().then((m) => m.SkippedDialog),
  () => null,
  true,
);
/** A tooltip: the element it is on shows meanwhile, without it. */
export const Tooltip = chunk<TooltipProps>(
  () => later().then((m) => m.Tooltip),
  (props) => props.children,
  true,
);
/** The list's column chooser (a popover): its button shows meanwhile. */
export const ColumnChooser = chunk<ColumnChooserProps>(
  () => later().then((m) => m.ColumnChooser),
  () => <ColumnsButton />,
  true,
);
/** A saved view's menu: its button shows meanwhile. */
export const ViewMenu = chunk<ViewMenuProps>(
  () => later().then((m) => m.ViewMenu),
  (props) => <ViewMenuButton label={props.label} on={props.on} waiting />,
  true,
);
/** The Ctrl+K palette (Mantine Spotlight), mounted once it is first opened. */
export const Palette = chunk(() => import('./components/Palette').then((m) => m.Palette));

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
