/**
 * English words for shared code that words things (order validation, stock warnings): its default when no
 * translator is given (the core's log, tests). Screens pass their own t, in the language in use.
 */
import en from './en.json' with { type: 'json' };
import { createTranslator, type Translator } from './translate';

export const english: Translator = createTranslator('en', en, en);
/** A translator's t, as shared code takes it. */
export type Say = Translator['t'];
