/** At a glance: orders today and this week, counts by status (click to filter), 30 days per day (click a day). */
import { BarChart } from '../../lazy'; // recharts in a chunk of its own
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import type { OrdersSummary } from '../../../../shared/domain';
import { formatDay } from '../../components/DateText';
import { count } from '../../components/format';
import { statusColor } from '../../components/StatusBadge';

export interface OrdersSummaryBarProps {
  summary: OrdersSummary;
  activeStatus: string | null;
  activeDay: string | null;
  onStatus(status: string | null): void;
  onDay(day: string | null): void;
}

/** Memoised: the chart is costly to draw, and the list around it changes on every scroll. */
export const OrdersSummaryBar = memo(function OrdersSummaryBar({
  summary,
  activeStatus,
  activeDay,
  onStatus,
  onDay,
}: OrdersSummaryBarProps) {
  const data = summary.days.map((d) => ({ ...d, label: formatDay(d.day, 'short') }));
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Order summary">
      <Group align="stretch" gap="lg" wrap="nowrap">
        <Stack gap={2} miw={120}>
          <Text size="xs" c="dimmed">
            Today
          </Text>
          <Text fw={700} size="xl" data-testid="orders-today">
            {count(summary.today)}
          </Text>
          <Text size="xs" c="dimmed">
            This week
          </Text>
          <Text fw={700} data-testid="orders-this-week">
            {count(summary.thisWeek)}
          </Text>
        </Stack>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap" aria-label="Orders by status">
            {summary.byStatus.map((s) => (
              <UnstyledButton
                key={s.status}
                onClick={() => onStatus(activeStatus === s.status ? null : s.status)}
                aria-pressed={activeStatus === s.status}
                aria-label={`${s.status || 'No status'}: ${count(s.count)} orders`}
              >
                <Badge
                  color={statusColor(s.status || 'No status')}
                  variant={activeStatus === s.status ? 'filled' : 'light'}
                  size="md"
                >
                  {s.status || 'No status'} · {count(s.count)}
                </Badge>
              </UnstyledButton>
            ))}
          </Group>
          <BarChart
            h={80}
            data={data}
            dataKey="label"
            series={[{ name: 'count', label: 'Orders', color: 'blue.6' }]}
            withYAxis={false}
            gridAxis="none"
            tickLine="none"
            xAxisProps={{ interval: 6, fontSize: 10 }}
            barProps={{
              cursor: 'pointer',
              onClick: (entry: unknown) => {
                const day = (entry as { payload?: { day?: string } }).payload?.day;
                if (day) onDay(activeDay === day ? null : day);
              },
            }}
            aria-label="Orders per day, last 30 days (click a day to list its orders)"
          />
        </Stack>
      </Group>
    </Paper>
  );
});
