/**
 * Settings → Language: follow the system, or one of the five languages (each named in itself). Kept with the screen
 * preferences by the core, so it survives a restart; the app is drawn again in the new language at once.
 */
import { Paper, Select, Stack, Title } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, resolveSpeech, type LanguageChoice } from '../../../../shared/i18n/languages';
import { t } from '../../i18n';
import { useStore } from '../../store';

const systemLocales = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language];

export function LanguageSettings() {
  const choice = useStore((s) => s.ui.language);
  const setUi = useStore((s) => s.setUi);
  const system = resolveSpeech('auto', systemLocales());
  const systemName = system.language === 'pseudo' ? system.locale : LANGUAGE_NAMES[system.language];
  const data = [
    { value: 'auto', label: t('settings.languageAuto', { language: systemName }) },
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
  ];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('settings.language')}>
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {t('settings.language')}
        </Title>
        <Select
          label={t('settings.language')}
          description={t('settings.languageHelp')}
          data={data}
          value={choice}
          allowDeselect={false}
          onChange={(value) => value && setUi({ language: value as LanguageChoice })}
          maw={360}
        />
      </Stack>
    </Paper>
  );
}
