/** How the service's slash dates are read: learnt from the data, or set by hand. */
import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { useStore } from '../../store';

export function DateOrderSettings() {
  const status = useStore((s) => s.orders);
  const setDateOrder = useStore((s) => s.setDateOrder);
  if (!status) return null;
  const { setting, learnt, effective } = status.dateOrder;
  const example = (order: 'dmy' | 'mdy'): string => t('settings.dateOrder.example', { order });
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {t('settings.dateOrder')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.dateOrderHelp')}
        </Text>
        <SegmentedControl
          aria-label={t('settings.dateOrder')}
          value={setting}
          onChange={(value) => void setDateOrder(value as typeof setting)}
          data={[
            { value: 'auto', label: t('settings.dateOrder.auto') },
            { value: 'dmy', label: t('settings.dateOrder.dmy') },
            { value: 'mdy', label: t('settings.dateOrder.mdy') },
          ]}
        />
        <Text size="sm" data-testid="date-order-explained">
          {setting === 'auto'
            ? learnt
              ? t('settings.dateOrder.learnt', { example: example(learnt) })
              : t('settings.dateOrder.unproven', { example: example(effective) })
            : learnt && learnt !== effective
              ? t('settings.dateOrder.setOtherwise', { example: example(effective) })
              : t('settings.dateOrder.set', { example: example(effective) })}
        </Text>
      </Stack>
    </Paper>
  );
}
