/**
 * The library parts of the first screen's own controls that only matter once someone reaches for them (#31.2): the From
 * and To calendars, the drop-downs, dialogs, tooltips, the column chooser's popover, a saved view's menu, the chart,
 * the Ctrl+K palette and where notices are drawn (components/later.ts), each in a chunk (chunks.tsx) and standing in
 * meanwhile with the same name and size (components/placeholders.tsx). The screens' own chunks are in lazyScreens.tsx.
 */
import type { BarChartProps } from '@mantine/charts';
import type { ModalProps, SelectProps, TooltipProps } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { Box } from '@mantine/core';
import { chunk } from './chunks';
import type { ColumnChooserProps } from './components/ColumnChooser';
import type { ShortcutsHelpProps } from './components/ShortcutsHelp';
import type { SkippedDialogProps } from './components/SkippedDialog';
import { ColumnsButton, SelectField, ViewMenuButton } from './components/placeholders';
import type { ViewMenuProps } from './screens/orders/ViewMenu';
import { DayFilterField, type DayFilterProps } from './components/DayFilterField';

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
  () => import('./components/DayFilter').then((m) => m.DayFilter),
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
