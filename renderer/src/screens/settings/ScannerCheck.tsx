/**
 * Settings → Scanner (#29.2): a field to scan any barcode into that shows what arrived — the characters, the end key,
 * the time between keys, the layout, symbology and check-digit verdicts — and proposes the settings that read this
 * scanner (end key, keyboard layout, prefix and suffix, symbology identifier, pace), saved with one button; the
 * settings by hand; and a
 * printable test sheet with one code of each kind (scannerCheck.ts reads the keys, testSheet.ts makes the codes).
 */
import { Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LIST_PAPER } from '../../../../shared/print';
import { rulesInUse } from '../../../../shared/label-rules';
import {
  DEFAULT_SCANNER,
  isAffix,
  MAX_AFFIX,
  SCANNER_LAYOUTS,
  type ScannerEnd,
  type ScannerLayout,
  type ScannerPrefs,
} from '../../../../shared/scanner-prefs';
import { measure } from '../../components/format';
import { GS } from '../../components/scanReader';
import { t } from '../../i18n';
import { BarcodeSvg } from '../../print/BarcodeSvg';
import { PrintPreview } from '../../print/PrintPreview';
import { useStore } from '../../store';
import { checkScan, type CheckKey, type CheckResult } from './scannerCheck';
import { sheetCodes } from './testSheet';

/** A scan without an end key is read once no key has come for this long. */
const QUIET_MS = 1500;
const MODIFIERS = new Set(['Shift', 'CapsLock', 'NumLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

/** A scanner layout's name, in words. */
const layoutName = (layout: ScannerLayout): string => t(`scanCheck.layoutName.${layout}`);

/** The check's field: records a scan's keys as they come and reads them at its end key (or after a quiet spell). */
function useScannerCheck(current: ScannerPrefs, expected: readonly string[]) {
  const keys = useRef<CheckKey[]>([]);
  const quiet = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [result, setResult] = useState<CheckResult | null>(null);
  useEffect(() => () => void (quiet.current && clearTimeout(quiet.current)), []);

  const finish = (field: HTMLInputElement, end: { key: 'Enter' | 'Tab'; time: number } | null): void => {
    if (quiet.current) clearTimeout(quiet.current);
    quiet.current = null;
    const scanned = keys.current;
    keys.current = [];
    if (scanned.length === 0) return;
    setResult(checkScan(scanned, end, current, expected));
    field.value = '';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const field = event.currentTarget;
    const time = event.timeStamp || performance.now();
    if (MODIFIERS.has(event.key)) return;
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.ctrlKey && !event.altKey) {
      // the field keeps the focus for the next scan; an empty field's Tab moves on as usual
      if (keys.current.length === 0 && event.key === 'Tab') return;
      event.preventDefault();
      finish(field, { key: event.key, time });
      return;
    }
    const gs = event.ctrlKey && event.code === 'BracketRight';
    const typed = gs ? GS : event.key === 'Dead' ? '' : event.key;
    if (!gs && (event.ctrlKey || event.metaKey || event.altKey || typed.length > 1)) {
      keys.current = []; // a person editing: start again
      return;
    }
    if (gs) event.preventDefault();
    keys.current.push({ key: typed, code: event.code, shift: event.shiftKey, time });
    if (quiet.current) clearTimeout(quiet.current);
    quiet.current = setTimeout(() => finish(field, null), QUIET_MS);
  };
  return { result, onKeyDown, clear: () => setResult(null) };
}

const ms = (value: number | null): string => (value === null ? '—' : String(Math.round(value)));

/** What one scan sent, row by row. */
function CheckTable({ result }: { result: CheckResult }) {
  const { read, typed, layoutDiffers, end, pace, aim, symbology, check, prefix, suffix } = result;
  const visible = (text: string): string => text.replaceAll(GS, '⟨GS⟩');
  /** [name, value, a code (monospace), a warning (red)] */
  const rows: [string, string, boolean?, boolean?][] = [
    [t('scanCheck.code'), visible(result.code), true],
    // what came, when it differs from the code (a prefix, an identifier), and as typed when the layouts differ
    ...(read !== result.code ? [[t('scanCheck.sent'), visible(read), true] as [string, string, boolean]] : []),
    ...(layoutDiffers ? [[t('scanCheck.typed'), visible(typed), true] as [string, string, boolean]] : []),
    // the layout the keys were read through, then whether this computer's differs
    [t('scanCheck.scannerLayout'), layoutName(result.layout)],
    [t('scanCheck.layout'), layoutDiffers ? t('scanCheck.layoutDiffers') : t('scanCheck.layoutSame')],
    [
      t('scanCheck.end'),
      end === null ? t('scanCheck.endNone') : end === 'Tab' ? t('scanCheck.endTab') : t('scanCheck.endEnter'),
      false,
      end === null,
    ],
    [
      t('scanCheck.pace'),
      t(`scanCheck.pace.${pace}`, { average: ms(result.averageMs), longest: ms(result.longestMs) }),
      false,
      pace === 'person',
    ],
    [
      t('scanCheck.symbology'),
      aim
        ? t('scanCheck.symbologyAim', { name: t(`scanCheck.sym.${symbology}`), aim })
        : t(`scanCheck.sym.${symbology}`),
    ],
    [
      t('scanCheck.check'),
      check === 'valid'
        ? t('scanCheck.checkValid')
        : check === 'misread'
          ? t('scanCheck.checkMisread')
          : t('scanCheck.checkNone'),
      false,
      check === 'misread',
    ],
    [
      t('scanCheck.around'),
      prefix === null
        ? t('scanCheck.aroundUnknown')
        : prefix === '' && suffix === ''
          ? t('scanCheck.aroundNone')
          : t('scanCheck.aroundFound', { prefix: prefix || '—', suffix: suffix || '—' }),
    ],
  ];
  return (
    <Table withTableBorder verticalSpacing={4} aria-label={t('scanCheck.result')} data-testid="scan-check-result">
      <Table.Tbody>
        {rows.map(([name, value, mono = false, warn = false]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w="34%">
              {name}
            </Table.Th>
            <Table.Td
              ff={mono ? 'monospace' : undefined}
              c={warn ? 'red' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A setting in words (for the proposal's list). */
function settingText(key: keyof ScannerPrefs, prefs: ScannerPrefs): string {
  switch (key) {
    case 'end':
      return prefs.end === 'tab' ? t('scanCheck.set.endTab') : t('scanCheck.set.endEnter');
    case 'layout':
      return t('scanCheck.set.layout', { layout: layoutName(prefs.layout) });
    case 'prefix':
      return prefs.prefix ? t('scanCheck.set.prefix', { prefix: prefs.prefix }) : t('scanCheck.set.noPrefix');
    case 'suffix':
      return prefs.suffix ? t('scanCheck.set.suffix', { suffix: prefs.suffix }) : t('scanCheck.set.noSuffix');
    case 'stripAim':
      return prefs.stripAim ? t('scanCheck.set.stripAim') : t('scanCheck.set.keepAim');
    case 'averageMs':
    case 'gapMs':
      return t('scanCheck.set.pace', { average: prefs.averageMs, longest: prefs.gapMs });
  }
}

function Proposal({ result, onUse }: { result: CheckResult; onUse: () => void }) {
  const shown = [...new Set(result.changes.map((k) => (k === 'gapMs' ? 'averageMs' : k)))];
  if (shown.length === 0)
    return (
      <Text size="sm" data-testid="scan-check-proposal">
        {t('scanCheck.fits')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="scan-check-proposal">
      <Text size="sm">{t('scanCheck.propose')}</Text>
      <ul style={{ margin: 0 }}>
        {shown.map((k) => (
          <li key={k}>
            <Text size="sm">{settingText(k, result.proposal)}</Text>
          </li>
        ))}
      </ul>
      <Group>
        <Button size="xs" onClick={onUse}>
          {t('scanCheck.use')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A prefix or suffix typed by hand, kept once it is one a scanner can send. */
function AffixInput({ label, value, onValue }: { label: string; value: string; onValue: (v: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // saved from elsewhere (the check's proposal): show it
    setShown(value);
    setText(value);
  }
  return (
    <TextInput
      size="xs"
      w={200}
      label={label}
      value={text}
      autoComplete="off"
      spellCheck={false}
      error={isAffix(text) ? undefined : t('scanCheck.affixWrong', { max: MAX_AFFIX })}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (isAffix(next)) onValue(next);
      }}
    />
  );
}

function ScannerPrefsForm({ prefs, save }: { prefs: ScannerPrefs; save: (patch: Partial<ScannerPrefs>) => void }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('scanCheck.settings')}
      </Title>
      {/* the scanner's layout first, on its own, with what it is for */}
      <Select
        size="xs"
        w="100%"
        maw={460}
        label={t('scanCheck.layoutLabel')}
        description={t('scanCheck.layoutHelp')}
        data={SCANNER_LAYOUTS.map((layout) => ({ value: layout, label: layoutName(layout) }))}
        value={prefs.layout}
        allowDeselect={false}
        onChange={(value) => value && save({ layout: value as ScannerLayout })}
      />
      <Group align="flex-start" gap="md">
        <Select
          size="xs"
          w={200}
          label={t('scanCheck.endLabel')}
          data={[
            { value: 'enter', label: t('scanCheck.set.endEnter') },
            { value: 'tab', label: t('scanCheck.set.endTab') },
          ]}
          value={prefs.end}
          allowDeselect={false}
          onChange={(value) => value && save({ end: value as ScannerEnd })}
        />
        <AffixInput label={t('scanCheck.prefixLabel')} value={prefs.prefix} onValue={(prefix) => save({ prefix })} />
        <AffixInput label={t('scanCheck.suffixLabel')} value={prefs.suffix} onValue={(suffix) => save({ suffix })} />
      </Group>
      <Checkbox
        label={t('scanCheck.stripAimLabel')}
        checked={prefs.stripAim}
        onChange={(e) => save({ stripAim: e.currentTarget.checked })}
      />
      <Group gap="md">
        <Text size="sm" data-testid="scanner-pace">
          {t('scanCheck.set.pace', { average: prefs.averageMs, longest: prefs.gapMs })}
        </Text>
        <Button size="xs" variant="default" onClick={() => save(DEFAULT_SCANNER)}>
          {t('scanCheck.reset')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The test sheet on A4: one code of each kind, with what a scan of it should give. */
function TestSheet() {
  const rules = useStore((s) => s.ui.labelRules);
  const codes = sheetCodes(rulesInUse(rules));
  return (
    <article className="order-sheet-print scan-test-sheet" aria-label={t('scanCheck.sheetTitle')}>
      <header className="sheet-head">
        <div className="sheet-shop">{t('scanCheck.sheetTitle')}</div>
      </header>
      <p className="sheet-note">{t('scanCheck.sheetHelp')}</p>
      <div className="scan-test-grid">
        {codes.map((c) => (
          <section
            key={c.kind}
            className="scan-test-code"
            data-kind={c.kind}
            aria-label={t(`scanCheck.sheet.${c.kind}`)}
          >
            <div className="scan-test-name">{t(`scanCheck.sheet.${c.kind}`)}</div>
            <BarcodeSvg code={c.bars} className="scan-test-bars" />
            <div className="scan-test-text">{c.text}</div>
            <div className="scan-test-expect">
              {c.weighed
                ? t('scanCheck.sheet.weighedReads', {
                    prefix: c.weighed.prefix,
                    product: c.weighed.product,
                    weight: measure(c.weighed.weightKg),
                  })
                : t('scanCheck.sheet.reads', { code: c.value })}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}

export function ScannerCheck() {
  const prefs = useStore((s) => s.ui.scanner);
  const setUi = useStore((s) => s.setUi);
  const save = (patch: Partial<ScannerPrefs>): void =>
    setUi({ scanner: { ...useStore.getState().ui.scanner, ...patch } });
  const rules = useStore((s) => s.ui.labelRules);
  // a scan of one of the test sheet's codes tells the scanner's layout (its Code 128 has the letters layouts move)
  const expected = sheetCodes(rulesInUse(rules)).map((c) => c.value);
  const { result, onKeyDown, clear } = useScannerCheck(prefs, expected);
  const [sheet, setSheet] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('scanCheck.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('scanCheck.help')}
      </Text>
      <Group align="flex-end">
        <TextInput
          label={t('scanCheck.field')}
          placeholder={t('scanCheck.placeholder')}
          autoComplete="off"
          spellCheck={false}
          onKeyDown={(event) => {
            setSaved(false);
            onKeyDown(event);
          }}
          w={320}
          data-testid="scan-check-field"
        />
        <Button variant="default" onClick={() => setSheet(true)}>
          {t('scanCheck.printSheet')}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {saved && <Text size="sm">{t('scanCheck.saved')}</Text>}
        {result && (
          <Stack gap="xs">
            <CheckTable result={result} />
            <Proposal
              result={result}
              onUse={() => {
                save(result.proposal);
                clear();
                setSaved(true);
              }}
            />
          </Stack>
        )}
      </div>
      <ScannerPrefsForm prefs={prefs} save={save} />
      <PrintPreview
        opened={sheet}
        onClose={() => setSheet(false)}
        title={t('scanCheck.sheetTitle')}
        document="lists"
        paper={LIST_PAPER}
      >
        <TestSheet />
      </PrintPreview>
    </Stack>
  );
}
