/** Outbox or drafts files Shopdesk could not open at start (damage, or a key this computer no longer has): kept, named. */
import { Alert, Code, Stack, Text } from '@mantine/core';
import { useStore } from '../../store';

export function SetAsideNotice() {
  const setAside = useStore((s) => s.setAside);
  if (setAside.length === 0) return null;
  return (
    <Alert color="red" role="alert" title="Some saved orders could not be opened">
      <Stack gap={4}>
        <Text size="sm">
          Shopdesk could not open these files when it started: they are damaged, or were locked with a key this computer
          no longer has (for example after the system keychain was reset). They were moved aside, not deleted. Orders in
          them were not sent; contact support with the file names before entering those orders again.
        </Text>
        {setAside.map((item) => (
          <Text size="sm" key={item.file}>
            {item.store === 'outbox' ? 'Outbox' : 'Unfinished orders'}: <Code>{item.file}</Code>
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
