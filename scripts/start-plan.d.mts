// Types of scripts/start-plan.mjs.
import type { SpawnOptions } from 'node:child_process';

export interface Step {
  command: string;
  args: string[];
  options: SpawnOptions & { shell: false };
  /** How to stop it: through its IPC channel, a signal, or ending it (Windows). */
  stop?: 'ipc' | 'SIGTERM' | 'kill';
}
export function dataDirOf(args: string[], env?: NodeJS.ProcessEnv, home?: string): string;
export function startPlan(options: {
  root: string;
  execPath?: string;
  platform?: string;
  args?: string[];
  web?: boolean;
}): { build: Step; electron: (binary: string) => Step; host: Step };
