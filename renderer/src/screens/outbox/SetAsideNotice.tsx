/** Outbox or drafts files Shopdesk could not open at start (damage, or a key this computer no longer has): kept, named. */
import { Alert, Code, Stack, Text } from '@mantine/core';
import { rich, t } from '../../i18n';
import { useStore } from '../../store';

export function SetAsideNotice() {
  const setAside = useStore((s) => s.setAside);
  if (setAside.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={t('outbox.setAside.title')}>
      <Stack gap={4}>
        <Text size="sm">{t('outbox.setAside.text')}</Text>
        {setAside.map((item) => (
          <Text size="sm" key={item.file}>
            {rich('outbox.setAside.item', {
              store: t(item.store === 'outbox' ? 'outbox.setAside.outbox' : 'outbox.setAside.drafts'),
              file: item.file,
              code: (chunks) => <Code>{chunks}</Code>,
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
