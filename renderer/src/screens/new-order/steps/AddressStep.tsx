/** Step 2: where the order goes — the address fields as the order schema lists them, the country from a list. */
import { Stack } from '@mantine/core';
import { ADDRESS_STEP } from '../../../../../shared/order-entry';
import type { WizardErrors } from '../errors';
import { CustomerFields } from './fields';

export function AddressStep({ errors }: { errors: WizardErrors }) {
  return (
    <Stack gap="sm" maw={560}>
      <CustomerFields step={ADDRESS_STEP} errors={errors} />
    </Stack>
  );
}
