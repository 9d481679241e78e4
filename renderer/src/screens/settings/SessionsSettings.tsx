/**
 * Settings → Signed-in tabs (#25.2, browser host only): every tab signed in to this computer's Shopdesk, when it
 * signed in and was last used, which one is this tab, and "End" for each (that tab is signed out at its next
 * request); "Sign out of this tab" ends this one's session on the host, not only in the tab. The desktop app has
 * no such tabs (its window needs no sign-in), so the section is not shown there.
 */
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SessionList } from '../../../../shared/contract';
import { call, signOutHere } from '../../bridge';
import { asOf } from '../../components/format';
import { errorText } from '../../errors';
import { t } from '../../i18n';

export function SessionsSettings() {
  const [list, setList] = useState<SessionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);

  const [reads, setReads] = useState(0);
  const load = (): void => setReads((n) => n + 1);
  useEffect(() => {
    let live = true;
    call('sessions:list', {}).then(
      (value) => {
        if (!live) return;
        setList(value);
        setError(null);
      },
      (e: unknown) => live && setError(errorText(e, 'sessions.failed')),
    );
    return () => {
      live = false;
    };
  }, [reads]);

  const end = async (id: string, current: boolean): Promise<void> => {
    setEnded(false);
    try {
      setList(await call('sessions:end', { id }));
      if (current) signOutHere();
      else setEnded(true);
    } catch (e) {
      setError(errorText(e, 'sessions.failed'));
    }
  };

  // nothing until the host has answered: the desktop app, which has no tabs, never shows the section at all
  if ((list === null && error === null) || (list && !list.available)) return null;
  const current = list?.sessions.find((s) => s.current);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('sessions.title')} id="sessions">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('sessions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sessions.help')}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {list && (
          <Table aria-label={t('sessions.table')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sessions.tab')}</Table.Th>
                <Table.Th>{t('sessions.signedIn')}</Table.Th>
                <Table.Th>{t('sessions.lastUsed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.sessions.map((s) => (
                <Table.Tr key={s.id} data-current={s.current || undefined}>
                  <Table.Td>
                    {s.current ? (
                      <Badge variant="light">{t('sessions.thisTab')}</Badge>
                    ) : (
                      <Text size="sm">{t('sessions.otherTab')}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{asOf(s.signedInAt)}</Table.Td>
                  <Table.Td>{asOf(s.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={
                        s.current ? t('sessions.endThis') : t('sessions.endOther', { signedIn: asOf(s.signedInAt) })
                      }
                      onClick={() => void end(s.id, s.current)}
                    >
                      {t('sessions.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button variant="default" onClick={load}>
            {t('sessions.refresh')}
          </Button>
          {current && (
            <Button color="red" variant="light" onClick={() => void end(current.id, true)}>
              {t('sessions.signOut')}
            </Button>
          )}
        </Group>
        {ended && (
          <Text size="sm" role="status">
            {t('sessions.ended')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
