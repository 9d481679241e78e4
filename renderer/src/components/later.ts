/**
 * The first screen's controls whose library parts come after it has painted (#31.2): the drop-down (Combobox and its
 * scroll area), the dialog (focus trap, scroll lock) and the two the frame has (shortcuts, skipped records, with Mantine's table), the tooltip and popover (floating-ui), the menu and the notices'
 * drawing. One chunk, fetched by lazy.tsx once the first screen shows; each control's stand-in until then is in
 * placeholders.tsx. Named one by one, never as a package's whole namespace, so only these leave the first screen.
 */
import { Modal, Select, Tooltip } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ViewMenu } from '../screens/orders/ViewMenu';
import { ColumnChooser } from './ColumnChooser';
import { ShortcutsHelp } from './ShortcutsHelp';
import { SkippedDialog } from './SkippedDialog';

export { ColumnChooser, Modal, Notifications, Select, ShortcutsHelp, SkippedDialog, Tooltip, ViewMenu };
