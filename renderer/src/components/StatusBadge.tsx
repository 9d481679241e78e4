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

/**
 * The same label drawn as one plain element, for table rows: thousands of them scroll past, and a full Badge
 * costs a frame budget when many rows mount at once.
 */
export function StatusLabel({ status }: { status: string }) {
  const text = status.trim() || 'No status';
  const color = statusColor(text);
  return (
    <span
      title={text}
      style={{
        display: 'inline-block',
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        padding: '0 8px',
        borderRadius: 999,
        fontSize: 11,
        fontWeight: 700,
        lineHeight: '20px',
        textTransform: 'uppercase',
        color: `var(--mantine-color-${color}-light-color)`,
        background: `var(--mantine-color-${color}-light)`,
      }}
    >
      {text}
    </span>
  );
}
