/**
 * Saved views of the order list, pinned above it: the ready-made ones (Today, Pending, Needs attention) and any the
 * staff name themselves; each can be renamed or deleted, and the list as it is now can be saved as a new one.
 */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { SavedView } from '../../../../shared/contract';
import { viewName } from './filters';
import { t } from '../../i18n';
import { Modal, ViewMenu } from '../../lazy';

type Naming = { mode: 'new' } | { mode: 'rename'; view: SavedView } | null;

export function SavedViews({
  views,
  active,
  onApply,
  onSave,
  onRename,
  onDelete,
}: {
  views: SavedView[];
  active: string | null;
  onApply(view: SavedView): void;
  onSave(name: string): void;
  onRename(view: SavedView, name: string): void;
  onDelete(view: SavedView): void;
}) {
  const [naming, setNaming] = useState<Naming>(null);
  const [name, setName] = useState('');
  const open = (next: Naming): void => {
    setName(next?.mode === 'rename' ? viewName(next.view) : '');
    setNaming(next);
  };
  const submit = (): void => {
    const trimmed = name.trim();
    if (!trimmed || !naming) return;
    if (naming.mode === 'new') onSave(trimmed);
    else onRename(naming.view, trimmed);
    setNaming(null);
  };
  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('views.label')}>
      {views.map((view) => {
        const label = viewName(view);
        const on = active === view.id;
        return (
          <Group key={view.id} gap={0} wrap="nowrap">
            <Button
              size="compact-sm"
              variant={on ? 'filled' : 'light'}
              aria-pressed={on}
              onClick={() => onApply(view)}
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            >
              {label}
            </Button>
            <ViewMenu
              label={label}
              on={on}
              onRename={() => open({ mode: 'rename', view })}
              onDelete={() => onDelete(view)}
            />
          </Group>
        );
      })}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => open({ mode: 'new' })}
      >
        {t('views.saveMenu')}
      </Button>
      <Modal
        opened={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.mode === 'rename' ? t('views.renameTitle') : t('views.saveTitle')}
      >
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextInput
            label={t('views.name')}
            description={naming?.mode === 'new' ? t('views.keeps') : undefined}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNaming(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim()}>
              {naming?.mode === 'rename' ? t('views.rename') : t('views.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
