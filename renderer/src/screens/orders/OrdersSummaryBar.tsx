/**
 * At a glance: orders today and this week, counts by status (click to filter), 30 days per day (click a day).
 * Folds to one line (remembered); says it is loading while the first download runs instead of showing zeros.
 */
import { BarChart } from '../../lazy'; // recharts in a chunk of its own
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { memo } from 'react';
import type { OrdersSummary } from '../../../../shared/domain';
import { formatDay } from '../../components/DateText';
import { count } from '../../components/format';
import { byStatusOrder, StatusLabel, statusText } from '../../components/StatusBadge';
import { t } from '../../i18n';

export interface OrdersSummaryBarProps {
  summary: OrdersSummary;
  /** The first download is under way: the figures are not known yet. */
  loading: boolean;
  collapsed: boolean;
  onCollapse(collapsed: boolean): void;
  activeStatus: string | null;
  activeDay: string | null;
  onStatus(status: string | null): void;
  onDay(day: string | null): void;
}

/** Memoised: the chart is costly to draw, and the list around it changes on every scroll. */
export const OrdersSummaryBar = memo(function OrdersSummaryBar({
  summary,
  loading,
  collapsed,
  onCollapse,
  activeStatus,
  activeDay,
  onStatus,
  onDay,
}: OrdersSummaryBarProps) {
  const data = summary.days.map((d) => ({ ...d, label: formatDay(d.day, 'short') }));
  const statuses = [...summary.byStatus].sort((a, b) => byStatusOrder(a.status, b.status));
  const figure = (n: number) => (loading ? t('common.loading') : count(n));
  const toggle = (
    <UnstyledButton
      onClick={() => onCollapse(!collapsed)}
      aria-expanded={!collapsed}
      aria-label={collapsed ? t('summary.show') : t('summary.hide')}
      fz="sm"
      c="dimmed"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {collapsed ? <IconChevronDown size={16} aria-hidden /> : <IconChevronUp size={16} aria-hidden />}
      {collapsed ? t('summary.showShort') : t('summary.hideShort')}
    </UnstyledButton>
  );
  return (
    <Paper withBorder px="sm" py={6} radius="md" aria-label={t('summary.label')} component="section">
      <Group gap="lg" wrap="nowrap" align={collapsed ? 'center' : 'flex-start'}>
        <Group gap="md" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('orders.preset.today')}
            </Text>
            <Text fw={700} size={collapsed ? 'md' : 'xl'} data-testid="orders-today">
              {figure(summary.today)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('summary.thisWeek')}
            </Text>
            <Text fw={700} size={collapsed ? 'md' : 'xl'} data-testid="orders-this-week">
              {figure(summary.thisWeek)}
            </Text>
          </Stack>
        </Group>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group
            gap={6}
            wrap={collapsed ? 'nowrap' : 'wrap'}
            aria-label={t('summary.byStatus')}
            role="group"
            style={{ overflow: 'hidden' }}
          >
            {statuses.map((s) => (
              <UnstyledButton
                key={s.status}
                onClick={() => onStatus(activeStatus === s.status ? null : s.status)}
                aria-pressed={activeStatus === s.status}
                aria-label={t('summary.statusChip', { status: statusText(s.status), count: s.count })}
                className="summary-chip"
                data-active={activeStatus === s.status || undefined}
              >
                <StatusLabel status={s.status} suffix={count(s.count)} />
              </UnstyledButton>
            ))}
          </Group>
          {!collapsed && (
            <div role="img" aria-label={t('summary.chart')}>
              <BarChart
                h={64}
                data={data}
                dataKey="label"
                series={[{ name: 'count', label: t('nav.orders'), color: 'blue.7' }]}
                withYAxis={false}
                gridAxis="none"
                tickLine="none"
                xAxisProps={{ interval: 6, fontSize: 11 }}
                barProps={{
                  cursor: 'pointer',
                  onClick: (entry: unknown) => {
                    const day = (entry as { payload?: { day?: string } }).payload?.day;
                    if (day) onDay(activeDay === day ? null : day);
                  },
                }}
              />
            </div>
          )}
        </Stack>
        {toggle}
      </Group>
    </Paper>
  );
});
