/** A saved view's menu (rename, delete): its own module so Mantine's Menu comes after the first screen (lazy.tsx). */
import { Menu } from '@mantine/core';
import { t } from '../../i18n';
import { ViewMenuButton } from '../../components/placeholders';

export interface ViewMenuProps {
  /** The view's name as shown. */
  label: string;
  /** The view is the one applied. */
  on: boolean;
  onRename(): void;
  onDelete(): void;
}

export function ViewMenu({ label, on, onRename, onDelete }: ViewMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ViewMenuButton label={label} on={on} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onRename}>{t('views.renameMenu')}</Menu.Item>
        <Menu.Item color="red" onClick={onDelete}>
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
