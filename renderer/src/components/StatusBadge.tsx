/** A status word as a coloured label. Known words get fitting colours; any other word gets a stable colour of its own. */
import { Badge } from '@mantine/core';

const KNOWN: Record<string, string> = {
  available: 'teal',
  delivered: 'teal',
  shipped: 'blue',
  processing: 'indigo',
  pending: 'yellow',
  'on hold': 'orange',
  unavailable: 'gray',
  discontinued: 'gray',
  cancelled: 'red',
  canceled: 'red',
  'no longer listed': 'gray',
};
const PALETTE = ['cyan', 'grape', 'lime', 'pink', 'violet', 'blue', 'orange'];

export function statusColor(status: string): string {
  const key = status.trim().toLowerCase();
  if (KNOWN[key]) return KNOWN[key];
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function StatusBadge({ status }: { status: string }) {
  const text = status.trim() || 'No status';
  return (
    <Badge color={statusColor(text)} variant="light" size="sm" style={{ maxWidth: '100%' }} title={text}>
      {text}
    </Badge>
  );
}
