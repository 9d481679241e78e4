/** Step 1: who the order is for. */
import { SimpleGrid, Stack } from '@mantine/core';
import type { WizardErrors } from '../errors';
import { DraftField } from './fields';

export function CustomerStep({ errors }: { errors: WizardErrors }) {
  return (
    <Stack gap="sm" maw={560}>
      <DraftField label="Customer name" fieldKey="name" required errors={errors} />
      <SimpleGrid cols={2}>
        <DraftField label="E-mail" fieldKey="email" type="email" required errors={errors} />
        <DraftField label="Phone" fieldKey="phone" type="tel" required errors={errors} />
      </SimpleGrid>
    </Stack>
  );
}
