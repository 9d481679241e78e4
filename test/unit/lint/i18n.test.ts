/** shopdesk/no-literal-text (eslint-rules/i18n.js, issue #18): words staff read come from the catalogues. */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Sample files do not exist on disk, so type-aware rules are switched off; this rule needs no types.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });
const reported = async (code: string, file = 'renderer/src/sample.tsx'): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'shopdesk/no-literal-text' || m.fatal)
    .map((m) => (m.fatal ? `fatal: ${m.message}` : m.message));
};

describe('no-literal-text', () => {
  it.each([
    ['a function', "function note() {\n  return 'The token is kept in memory only';\n}\nvoid note;\n"],
    ['an exported function', "export function note() {\n  return 'The token is kept in memory only';\n}\n"],
    ['an exported class', "export class Note {\n  text() {\n    return 'The token is kept in memory only';\n  }\n}\n"],
    ['an exported constant', "export const NOTE = 'The token is kept in memory only';\n"],
    ['an exported arrow', 'export const note = (n: number) => `${n} orders are kept in memory only`;\n'],
    ['an exported component', 'export function Empty() {\n  return <p>No orders yet</p>;\n}\n'],
    ['a shell module', "export const NOTE = 'The token is kept in memory only';\n", 'electron/main/sample.ts'],
  ])('a sentence in %s is reported', async (_where, code, file?: string) => {
    expect(await reported(code, file)).toEqual([expect.stringMatching(/^(A sentence in code|Text in JSX)/)]);
  });

  it.each([
    ['a thrown error', "export function fail(): never {\n  throw new Error('The token is kept in memory only');\n}\n"],
    ['the console', "export function warn() {\n  console.warn('The token is kept in memory only');\n}\n"],
    ['a type', "export type Note = 'kept in memory only';\n"],
    ['a message key', "export const KEYS = { memory: 'settings.vault.memory' } as const;\n"],
    ['a translated message', "import { t } from './i18n';\nexport const note = () => t('settings.vault.memory');\n"],
    ['the module a re-export names', "export * from './notes in the log';\n"],
    ['a comparison', "export const isSame = (s: string) => s === 'kept in memory only';\n"],
  ])('%s passes', async (_where, code) => {
    expect(await reported(code, 'renderer/src/sample.ts')).toEqual([]);
  });
});
