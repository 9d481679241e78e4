/**
 * Step 5: everything on one page with an edit link per step. When online, each line's product is read again from the
 * service and what changed since it was added (price, stock, gone) is shown before sending. Sending puts the order in
 * the outbox first; Enter never sends, only the button (or Ctrl+Enter) does.
 */
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { countryLabel } from '../../../../../shared/countries';
import type { ReactNode } from 'react';
import {
  ADDRESS_STEP,
  computeTotals,
  CUSTOMER_STEP,
  ITEMS_STEP,
  PRICES_STEP,
  REVIEW_STEP,
} from '../../../../../shared/order-entry';
import { fieldsShown, type FieldKey } from '../../../../../shared/order-schema';
import { measure } from '../../../components/format';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import { taxRuleOf } from '../../../../../shared/shop-rules';
import { ChargesLine, ItemsToSend, Section, TotalsToSend } from './reviewParts';
import { useLiveCheck } from './useLiveCheck';
import { useSendOrder } from './useSendOrder';
import { MOD } from '../../../components/platform';
import type { WizardErrors } from '../errors';

/** What the review shows of the order schema's fields besides the blocks it draws itself. */
const CUSTOMER = fieldsShown('review', 'customer') as FieldKey[];

export function ReviewStep({
  errors,
  onEdit,
  onSent,
  holdButton,
}: {
  errors: WizardErrors;
  onEdit: (step: number) => void;
  onSent: (path: string) => void;
  /** "Put on hold", beside "Send order". */
  holdButton?: ReactNode;
}) {
  const data = useStore((s) => s.wizard!.data);
  const f = data.fields;
  const tax = taxRuleOf(useStore((s) => s.shop));
  const online = useStore((s) => s.connection?.state === 'online');
  const updateDraft = useStore((s) => s.updateDraft);
  const { checking, checks } = useLiveCheck(data.lines, online, updateDraft);

  const totals = computeTotals(data.lines, data.fields, tax);
  const taxLabel =
    tax === null
      ? t('wizard.prices.tax')
      : totals.taxOverridden
        ? t('wizard.review.taxTyped')
        : t('wizard.prices.taxRate', { rate: t('wizard.prices.rate', { rate: measure(tax.ratePercent, 4) }) });
  const missing = data.lines.filter((l) => checks[l.productId]?.state === 'missing');
  const problems = Object.keys(errors.all).length;
  const { send, sending, sendError, queued, sendRef } = useSendOrder({
    data,
    tax,
    errors,
    checking,
    missing,
    onEdit,
    onSent,
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section step={CUSTOMER_STEP} onEdit={onEdit} errors={errors}>
          {CUSTOMER.map((key, i) => (
            <Text key={key} fw={i === 0 ? 600 : undefined}>
              {f[key] || '—'}
            </Text>
          ))}
        </Section>
        <Section step={ADDRESS_STEP} onEdit={onEdit} errors={errors}>
          <Text>{f.address_line_1 || '—'}</Text>
          {f.address_line_2 && <Text>{f.address_line_2}</Text>}
          <Text>
            {f.zip} {f.city}
          </Text>
          <Text>
            {f.province}
            {f.province && f.country ? ', ' : ''}
            {f.country && countryLabel(f.country, currentLocale())}
          </Text>
        </Section>
      </SimpleGrid>

      <Section step={ITEMS_STEP} onEdit={onEdit} errors={errors}>
        {!online && (
          <Text size="sm" c="orange">
            {t('wizard.review.offline')}
          </Text>
        )}
        {checking && (
          <Text size="sm" c="dimmed" role="status">
            {t('wizard.review.checking')}
          </Text>
        )}
        <ItemsToSend lines={data.lines} checks={checks} errors={errors} totals={totals} />
      </Section>

      <Section step={PRICES_STEP} onEdit={onEdit} errors={errors}>
        <TotalsToSend totals={totals} taxLabel={taxLabel} fields={f} />
      </Section>

      {Object.entries(errors.unowned).map(([key, message]) => (
        <Alert key={key} color="orange" title={t('wizard.review.serviceAbout', { key })}>
          {message} {t('wizard.review.notAField')}
        </Alert>
      ))}
      {sendError && (
        <Alert color="red" role="alert">
          {sendError}
        </Alert>
      )}
      {problems > 0 && (
        <Alert color="orange" role="status">
          {t('wizard.review.problems', { count: problems })}
        </Alert>
      )}
      {/* shipping and tax on one line beside "Send order": a Ctrl+Enter from Items that skipped the Prices step lands
          here with them in view */}
      <ChargesLine totals={totals} taxLabel={taxLabel} onEdit={onEdit} />
      <Group justify="space-between">
        <Button variant="default" onClick={() => onEdit(REVIEW_STEP - 1)}>
          {t('wizard.back')}
        </Button>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('wizard.review.sendKeys', { mod: MOD })}
          </Text>
          <Button
            ref={sendRef}
            size="md"
            onClick={() => void send()}
            // a held Enter (key repeat from the step before) does not send
            onKeyDown={(e) => e.key === 'Enter' && e.repeat && e.preventDefault()}
            loading={sending}
            aria-describedby="send-note"
          >
            {t('wizard.review.send')}
          </Button>
          {holdButton}
        </Group>
      </Group>
      {queued && checking && (
        <Text size="sm" c="dimmed" role="status">
          {t('wizard.review.queued')}
        </Text>
      )}
      <Text id="send-note" size="xs" c="dimmed">
        {t('wizard.review.sendNote')}
      </Text>
    </Stack>
  );
}
