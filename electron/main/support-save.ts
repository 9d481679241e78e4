/**
 * Help → Save a support file… (#26.6) in the desktop app: the core makes the zip (core/support.ts, without customer
 * details: Settings → Support offers the tick), staff choose where it goes, the shell writes it. Pure: the dialog and
 * the file system are handed in (test/unit/shell/desktop.test.ts).
 */
export interface SupportSaveDeps {
  /** The core's support:file answer (null: it failed). */
  make(): Promise<{ filename: string; base64: string } | null>;
  /** Asks where to save it, offering the name; null when staff cancel. */
  ask(filename: string): Promise<string | null>;
  write(file: string, bytes: Buffer): Promise<void>;
}

export async function saveSupportFile(deps: SupportSaveDeps): Promise<'saved' | 'cancelled' | 'failed'> {
  let file: { filename: string; base64: string } | null;
  try {
    file = await deps.make();
  } catch {
    file = null;
  }
  if (!file) return 'failed';
  const where = await deps.ask(file.filename);
  if (!where) return 'cancelled';
  try {
    await deps.write(where, Buffer.from(file.base64, 'base64'));
    return 'saved';
  } catch {
    return 'failed';
  }
}
