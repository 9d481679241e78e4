/**
 * Our own print preview (#30.6): the document on its paper as it will print, the choices that change it, the printer
 * (from Settings → Printing, changeable for this print) and Print. The same document is also put outside the app's
 * frame (the only thing print.css lets onto paper) with an `@page` rule of the paper's size and margins, a till roll
 * cut just after its content. The desktop app prints it silently to the chosen printer with that page
 * (`print:run`, webContents.print); the browser host prints it through the browser's own dialog at that size.
 */
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { pageCss, type Paper, type PrintDocument } from '../../../shared/print';
import { t } from '../i18n';
import { usePrintJob } from './usePrintJob';

export interface PrintPreviewProps {
  opened: boolean;
  onClose(): void;
  title: string;
  document: PrintDocument;
  paper: Paper;
  /** Choices that change the document (its paper, a label layout, a start place…), above the preview. */
  options?: ReactNode;
  /** Something to say about the document (labels left out, nothing chosen). */
  note?: ReactNode;
  /**
   * `flow`: the content runs on the paper within its margins (pages break where the browser breaks them); `pages`:
   * the content is its own pages, each drawn at the paper's size (label sheets).
   */
  mode?: 'flow' | 'pages';
  /** Nothing to print (no labels chosen): Print is off. */
  empty?: boolean;
  /** What the preview draws, when not all of the document (the first pages of many): the whole prints. */
  preview?: ReactNode;
  children: ReactNode;
}

const mm = (value: number): string => `${value}mm`;

/** Drawn only while open: each opening starts from Settings' printer and one copy. */
export function PrintPreview(props: PrintPreviewProps) {
  return props.opened ? <OpenPreview {...props} /> : null;
}

function OpenPreview({
  onClose,
  title,
  document: kind,
  paper,
  options,
  note,
  mode = 'flow',
  empty = false,
  preview,
  children,
}: PrintPreviewProps) {
  const job = usePrintJob(kind, paper);
  const { installed, printer, setPrinter, copies, setCopies, outcome, busy, content, page, desktop } = job;
  const m = page.marginsMm;
  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={title}
        fullScreen
        closeButtonProps={{ 'aria-label': t('print.closePreview') }}
      >
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            {options}
            {desktop && (
              <>
                <Select
                  label={t('print.printer')}
                  data={[
                    { value: '', label: t('print.systemDefault') },
                    ...installed.map((p) => ({ value: p.name, label: p.displayName })),
                  ]}
                  value={printer ?? ''}
                  onChange={(value) => setPrinter(value || null)}
                  allowDeselect={false}
                  w={240}
                />
                <NumberInput
                  label={t('print.copies')}
                  value={copies}
                  onChange={(value) => setCopies(Math.min(100, Math.max(1, Number(value) || 1)))}
                  min={1}
                  max={100}
                  w={100}
                />
              </>
            )}
            <Group gap="xs" ml="auto">
              <Button variant="default" onClick={onClose}>
                {t('print.close')}
              </Button>
              <Button onClick={() => void job.print()} loading={busy} disabled={empty}>
                {t('print.print')}
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed" data-testid="print-page-size">
            {t('print.pageSize', { width: page.widthMm, height: page.heightMm })}
          </Text>
          {note}
          {outcome && (
            <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Alert>
          )}
          <div className="print-preview" role="region" aria-label={t('print.preview')}>
            {mode === 'flow' ? (
              <div
                className="print-paper"
                style={{
                  width: mm(page.widthMm),
                  minHeight: paper.heightMm === null ? undefined : mm(page.heightMm),
                  padding: `${mm(m.top)} ${mm(m.right)} ${mm(m.bottom)} ${mm(m.left)}`,
                }}
              >
                <div ref={content}>{children}</div>
              </div>
            ) : (
              <div ref={content} className="print-pages">
                {preview ?? children}
              </div>
            )}
          </div>
        </Stack>
      </Modal>
      {createPortal(
        <div className="print-root" data-document={kind} data-width-mm={page.widthMm} data-height-mm={page.heightMm}>
          <style>{pageCss(page)}</style>
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}
