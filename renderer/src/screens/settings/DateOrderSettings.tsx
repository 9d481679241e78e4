/** How the service's slash dates are read: learnt from the data, or set by hand. */
import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useStore } from '../../store';

const EXAMPLE = { dmy: 'day first (27/05/2026 is 27 May)', mdy: 'month first (05/27/2026 is 27 May)' } as const;

export function DateOrderSettings() {
  const status = useStore((s) => s.orders);
  const setDateOrder = useStore((s) => s.setDateOrder);
  if (!status) return null;
  const { setting, learnt, effective } = status.dateOrder;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={3}>Date order</Title>
        <Text size="sm" c="dimmed">
          The service writes dates with slashes and does not say whether the day or the month comes first.
        </Text>
        <SegmentedControl
          aria-label="Date order"
          value={setting}
          onChange={(value) => void setDateOrder(value as typeof setting)}
          data={[
            { value: 'auto', label: 'Automatic' },
            { value: 'dmy', label: 'Day first' },
            { value: 'mdy', label: 'Month first' },
          ]}
        />
        <Text size="sm" data-testid="date-order-explained">
          {setting === 'auto'
            ? learnt
              ? `Automatic: the order book proves ${EXAMPLE[learnt]}.`
              : `Automatic: nothing in the order book proves the order yet, so dates are read ${EXAMPLE[effective]}.`
            : `Dates are read ${EXAMPLE[effective]}${learnt && learnt !== effective ? ', although the order book suggests otherwise' : ''}.`}
        </Text>
      </Stack>
    </Paper>
  );
}
