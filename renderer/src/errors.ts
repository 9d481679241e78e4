/**
 * Words for the error codes the core and the browser host send with facts instead of sentences (issue #15 on).
 * Older codes still carry the core's message, which is the fallback.
 */
import type { AppError } from '../../shared/errors';

type Facts = AppError['facts'];

const fact = (facts: Facts, name: string): string | number | null => facts?.[name] ?? null;

export function errorWords(error: Pick<AppError, 'code' | 'message' | 'facts'>): string {
  const { facts } = error;
  switch (error.code) {
    case 'signed_out':
      return fact(facts, 'reason') === 'login_key_refused'
        ? 'This sign-in address has already been used or has expired (each one works once, for two minutes). ' +
            'Press Enter in the window where Shopdesk runs to get a new address, and open that one.'
        : 'This browser tab is not signed in to Shopdesk. Open the address Shopdesk printed where it runs ' +
            '(press Enter there for a new one).';
    case 'token_for_other_address':
      return `The saved API token belongs to ${String(fact(facts, 'tokenOrigin') ?? 'another address')}. Enter the token for this address: Shopdesk only ever sends a token to the address it was saved for.`;
    case 'data_folder_in_use':
      return 'Another Shopdesk is already using this data folder. Close it first, or start this one with another data folder.';
    default:
      return error.message;
  }
}
