/** "Discard this order?" for an unfinished order: who it is for and how many lines, then Keep it / Discard. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DraftData } from '../../../../shared/domain';

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
    <Modal opened={data !== null} onClose={onKeep} title="Discard this order?" centered returnFocus>
      <Stack>
        <Text>
          {name ? `The order for ${name}` : 'This order'} ({lines} line{lines === 1 ? '' : 's'}) is deleted from this
          computer. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} data-autofocus>
            Keep it
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
