/** The layering rules are real: forbidden imports in each layer are reported by ESLint. */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Sample files do not exist on disk, so type-aware rules are switched off; the layering rules need no types.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });
const ruleHits = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
};

describe('layering lint', () => {
  it.each([
    ['electron/main/core/sample.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['electron/web/sample.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['renderer/src/sample.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    [
      'renderer/src/sample.ts',
      "import { createCore } from '../../electron/main/core/index';\nexport const x = createCore;\n",
    ],
    ['shared/sample.ts', "import path from 'node:path';\nexport const x = path;\n"],
    ['shared/sample.ts', "import { startService } from '../server/index';\nexport const x = startService;\n"],
    ['server/sample.ts', "import { createCore } from '../electron/main/core/index';\nexport const x = createCore;\n"],
    // the rooms below the features import none of them, and still nothing of electron
    ['electron/main/core/http/sample.ts', "import { Orders } from '../orders/service';\nexport const x = Orders;\n"],
    [
      'electron/main/core/storage/sample.ts',
      "import { parseProduct } from '../catalogue/api';\nexport const x = parseProduct;\n",
    ],
    ['electron/main/core/http/sample.ts', "import { app } from 'electron';\nexport const x = app;\n"],
  ])('%s: forbidden import is reported', async (file, code) => {
    expect(await ruleHits(file, code)).toContain('no-restricted-imports');
  });

  it('allowed imports pass', async () => {
    expect(
      await ruleHits(
        'renderer/src/sample.ts',
        "import { checkBaseUrl } from '../../shared/url';\nexport const x = checkBaseUrl;\n",
      ),
    ).not.toContain('no-restricted-imports');
    expect(
      await ruleHits('electron/main/sample.ts', "import { app } from 'electron';\nexport const x = app;\n"),
    ).not.toContain('no-restricted-imports');
    expect(
      await ruleHits(
        'electron/main/core/orders/sample.ts',
        "import { unwrapRecord } from '../http/fields';\nexport const x = unwrapRecord;\n",
      ),
    ).not.toContain('no-restricted-imports');
  });
});

describe('size lint (#28.3: screens of hooks and parts, files by responsibility)', () => {
  // a function of `lines` lines, its opening and closing lines counted
  const fn = (lines: number): string =>
    `export function long(): number {\n${'  void 0;\n'.repeat(lines - 3)}  return 1;\n}\n`;
  it.each(['renderer/src/screens/sample.tsx', 'electron/main/core/sample.ts', 'shared/sample.ts', 'server/sample.ts'])(
    '%s: a function over 150 lines and a file over 400 are reported; 150 and 400 pass',
    async (file) => {
      expect(await ruleHits(file, fn(151))).toContain('max-lines-per-function');
      expect(await ruleHits(file, fn(150))).not.toContain('max-lines-per-function');
      const lines = (n: number): string => 'export const a = 1;\n'.repeat(n);
      expect(await ruleHits(file, lines(401))).toContain('max-lines');
      expect(await ruleHits(file, lines(400))).not.toContain('max-lines');
    },
  );
  it('tests and the generated catalogue are not held to it', async () => {
    expect(await ruleHits('test/unit/sample.test.ts', fn(200))).not.toContain('max-lines-per-function');
    expect(await ruleHits('shared/i18n/messages.ts', 'export const a = 1;\n'.repeat(500))).not.toContain('max-lines');
  });
});
