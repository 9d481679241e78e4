/**
 * A misread (#29.3: "a cue of its own, never not found"): a code of 8, 12, 13 or 14 digits whose GS1 check digit
 * fails was misread by the scanner and is to be scanned again — nothing is wrong with the catalogue. It looks like
 * nothing else a scan can say: filled yellow, the scanner's icon, and named "Scan again" (an alert whose name is its title:
 * a screen reader says that first), where a code the catalogue lacks is said in red (the Items step, the wizard) or
 * orange (Stock) without a name. Used by the Items step and the other steps of the wizard, Stock and the palette.
 */
import { Alert } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { t } from '../i18n';

export function MisreadCue({
  text,
  onDismiss,
  compact = false,
}: {
  text: string;
  onDismiss?: () => void;
  compact?: boolean;
}) {
  return (
    <Alert
      // filled (dark words on yellow, in both themes): a not-found is a light red or orange, never this
      color="yellow"
      variant="filled"
      autoContrast
      role="alert"
      data-cue="misread"
      icon={<IconScan aria-hidden stroke={1.75} />}
      title={t('scan.againTitle')}
      p={compact ? 'xs' : undefined}
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel={t('common.dismiss')}
      onClose={onDismiss}
      // the palette's empty list centres its text; the cue reads as everywhere else
      ta="left"
    >
      {text}
    </Alert>
  );
}
