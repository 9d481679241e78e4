/** The language and locale in use now: Settings' choice once main's copy has been read, the system's meanwhile. */
import { resolveSpeech, type Speech } from '../../shared/i18n/languages';
import { useStore } from './store';

const systemLocales = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

export function useSpeech(): Speech | null {
  const choice = useStore((s) => s.ui.language);
  const read = useStore((s) => s.uiRead);
  return read ? resolveSpeech(choice, systemLocales()) : null;
}
