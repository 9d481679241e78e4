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
