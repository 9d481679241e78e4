/**
 * A status filter sorted by name reads an index of its own, (status, name_key, id), instead of walking the name index
 * and checking every row's status (#31.3).
 */
import type { Migration } from '../../storage/open';
import { indexesOf } from '../schema';

export const up: Migration = indexesOf(4);
