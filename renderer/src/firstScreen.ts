/**
 * Which first screens are a list (#31.2): the Orders and Stock lists say the first screen is shown with their first
 * answer (components/useWindows.ts); any other first screen (welcome, settings, a wizard, an error) says so as it is
 * drawn (App.tsx), so the chunks of its controls (chunks.tsx) do not wait for a list that is not coming.
 */

/** The paths whose first screen is a list: '/' leads to Orders once the settings are read. */
const LIST_PATH = /^\/(orders|stock)?\/?$/;

/**
 * True while a list is still to give the first screen: before the settings are read, or on the Orders or Stock path of
 * a configured app. False for an error, an app not set up yet (welcome) and every other path.
 */
export function listComesFirst(loadError: string | null, mode: string | null, path: string): boolean {
  if (loadError) return false;
  if (mode === null) return true;
  return mode !== 'unconfigured' && LIST_PATH.test(path);
}
