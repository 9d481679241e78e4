/** The keyboard shortcuts' dialog (the shortcuts command): its own module, fetched after the first paint (lazy.tsx). */
import { Kbd, Modal, Table } from '@mantine/core';
import { SHORTCUTS, shortcutText } from '../../../shared/shortcuts';
import { t } from '../i18n';
import { MAC } from './platform';

export interface ShortcutsHelpProps {
  opened: boolean;
  onClose(): void;
}

export function ShortcutsHelp({ opened, onClose }: ShortcutsHelpProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')} centered>
      <Table aria-label={t('shortcuts.title')} verticalSpacing={6}>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.command}>
              <Table.Td w={110}>
                <Kbd>{shortcutText(s.accelerator, MAC, t('key.ctrl'))}</Kbd>
              </Table.Td>
              <Table.Td>{t(s.label)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Kbd>{t('key.enter')}</Kbd>
            </Table.Td>
            <Table.Td>{t('shortcuts.enter')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Kbd>↓</Kbd> <Kbd>↑</Kbd>
            </Table.Td>
            <Table.Td>{t('shortcuts.arrows')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Kbd>{MAC ? `⌘+${t('key.enter')}` : `${t('key.ctrl')}+${t('key.enter')}`}</Kbd>
            </Table.Td>
            <Table.Td>{t('shortcuts.send')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Kbd>{t('key.hold', { mod: MAC ? '⌘' : t('key.ctrl') })}</Kbd>
            </Table.Td>
            <Table.Td>{t('shortcuts.hold')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Kbd>{t('key.bringBack')}</Kbd>
            </Table.Td>
            <Table.Td>{t('shortcuts.bringBack')}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
