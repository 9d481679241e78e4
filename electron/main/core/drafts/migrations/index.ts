/** The drafts database's migrations, in order: one file each, numbered, never edited once released (user_version counts them). */
import type { Migration } from '../../storage/open';
import { up as m001 } from './001-create-drafts';

export const DRAFT_MIGRATIONS: readonly Migration[] = [m001];
