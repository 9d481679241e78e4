/** The catalogue database's migrations, in order: one file each, numbered, never edited once released (user_version counts them). */
import type { Migration } from '../../storage/open';
import { up as m001 } from './001-create-products';
import { up as m002 } from './002-flags-index';
import { up as m003 } from './003-page-validators';
import { up as m004 } from './004-status-name-index';
import { up as m005 } from './005-four-letter-prefixes';

export const CATALOGUE_MIGRATIONS: readonly Migration[] = [m001, m002, m003, m004, m005];
