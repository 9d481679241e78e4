/** The outbox database's migrations, in order: one file each, numbered, never edited once released (user_version counts them). */
import type { Migration } from '../../storage/open';
import { up as m001 } from './001-create-outbox';
import { up as m002 } from './002-server-po-number';
import { up as m003 } from './003-send-timing';
import { up as m004 } from './004-clock-proof-timing';
import { up as m005 } from './005-service-origins';
import { up as m006 } from './006-attempt-outcome-codes';
import { up as m007 } from './007-reason-codes';

export const OUTBOX_MIGRATIONS: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007];
