// Types of scripts/electron-binary.mjs (plain JavaScript, run by npm start before anything is built).
export const REMEMBER_OFFLINE_MS: number;
export const STALL_MS: number;
export function electronPackageDir(): string;
export function executableName(platform?: string): string;
export function electronBinary(options?: { electronDir?: string; env?: NodeJS.ProcessEnv }): string | null;
export function isNetworkFailure(error: unknown): boolean;
export function reasonOf(error: unknown): string;
export function downloadElectron(options: {
  electronDir: string;
  onProgress?: (transferred: number, total: number | null) => void;
  signal?: AbortSignal;
  stallMs?: number;
}): Promise<string>;
export type ElectronDownload = (options: {
  electronDir: string;
  onProgress: (transferred: number, total: number | null) => void;
  signal?: AbortSignal;
}) => Promise<unknown>;
export function obtainElectron(options?: {
  electronDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Where a network failure is remembered for an hour; null: never. */
  dataDir?: string | null;
  now?: () => number;
  download?: ElectronDownload;
  signal?: AbortSignal;
  print?: (line: string) => void;
}): Promise<{ binary: string } | { binary: null; reason: string; remembered: boolean }>;
