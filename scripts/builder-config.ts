/**
 * electron-builder.yml as electron-builder's command line reads it (#28.9): electron-builder.env first (a variable
 * already set wins), then the YAML with its anchors resolved, by electron-builder's own loader. package:check builds
 * from it and the tests read it, so what they prove is what `npm run dist` builds.
 */
import type { Configuration } from 'electron-builder';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Loader {
  loadEnv(envFile: string): Promise<unknown>;
  findAndReadConfig<T>(request: {
    packageKey: string;
    configFilename: string;
    projectDir: string;
    packageMetadata: null;
  }): Promise<{ result: T; configFile: string | null } | null>;
}
interface Macros {
  expandMacro(pattern: string, arch: string | null, appInfo: object): string;
}

/** electron-builder's own library (its dependency, resolved through it, as the command line loads it). */
const builderLib = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const appBuilder = createRequire(builderLib.resolve('app-builder-lib/package.json'));
const loader = appBuilder('./out/util/config/load.js') as Loader;
const macros = appBuilder('./out/util/macroExpander.js') as Macros;

/** The configuration `electron-builder` (the command line, run in the project folder) builds with. */
export async function readBuilderConfig(): Promise<Configuration> {
  await loader.loadEnv(path.join(ROOT, 'electron-builder.env'));
  const found = await loader.findAndReadConfig<Configuration>({
    packageKey: 'build',
    configFilename: 'electron-builder',
    projectDir: ROOT,
    packageMetadata: null,
  });
  if (found?.configFile !== path.join(ROOT, 'electron-builder.yml')) throw new Error('electron-builder.yml not found');
  return found.result;
}

/** A value with `${env.NAME}` macros as electron-builder expands them (e.g. the update feed's address). */
export function expandEnv(value: string): string {
  return macros.expandMacro(value, null, {});
}
