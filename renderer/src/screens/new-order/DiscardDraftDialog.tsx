/** "Discard this order?" for an unfinished order: who it is for and how many lines, then Keep it / Discard. */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { DraftData } from '../../../../shared/domain';
import { t } from '../../i18n';
import { Modal } from '../../lazy';

export function DiscardDraftDialog({
  data,
  onKeep,
  onDiscard,
}: {
  /** The draft to discard; the dialog is open while this is set. */
  data: DraftData | null;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const name = data?.fields.name.trim();
  const lines = data?.lines.length ?? 0;
  return (
    <Modal opened={data !== null} onClose={onKeep} title={t('outbox.confirm.discard')} centered returnFocus>
      <Stack>
        <Text>{t('wizard.discard.text', { name: name || 'none', lines })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} data-autofocus>
            {t('outbox.keep')}
          </Button>
          <Button color="red" onClick={onDiscard}>
            {t('outbox.discard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
