/** The orders database's migrations, in order: one file each, numbered, never edited once released (user_version counts them). */
import type { Migration } from '../../storage/open';
import { up as m001 } from './001-create-orders';
import { up as m002 } from './002-phone-column';
import { up as m003 } from './003-first-seen';
import { up as m004 } from './004-sent-at';
import { up as m005 } from './005-list-page-validators';
import { up as m006 } from './006-listed-flag';
import { up as m007 } from './007-seen-sequence';
import { up as m008 } from './008-search-index-without-positions';
import { up as m009 } from './009-drop-unused-po-index';

export const ORDER_MIGRATIONS: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009];
