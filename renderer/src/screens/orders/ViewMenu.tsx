/** A saved view's menu (rename, delete): its own module so Mantine's Menu comes after the first screen (lazy.tsx). */
import { Menu } from '@mantine/core';
import { t } from '../../i18n';
import { ViewMenuButton, type ViewButtonProps } from '../../components/placeholders';

export interface ViewMenuProps extends ViewButtonProps {
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
