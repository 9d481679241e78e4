/**
 * The contract's channel and event names as plain data, for the sandboxed preload (which cannot load zod).
 * A unit test proves these lists equal the keys of shared/contract.ts.
 */
export const CHANNEL_NAMES = [
  'app:info',
  'settings:get',
  'settings:save',
  'connection:status',
  'connection:check',
  'connection:test',
  'demo:start',
  'settings:erase-preview',
  'settings:erase',
  'catalogue:status',
  'catalogue:sync',
  'catalogue:cancel',
  'catalogue:query',
  'catalogue:lookup',
  'catalogue:product',
  'catalogue:facets',
  'orders:status',
  'orders:refresh',
  'orders:query',
  'orders:get',
  'orders:facets',
  'orders:summary',
  'orders:export',
  'settings:date-order',
  'outbox:list',
  'outbox:submit',
  'outbox:send-again',
  'outbox:discard',
  'outbox:reconcile',
  'drafts:list',
  'drafts:save',
  'drafts:discard',
  'catalogue:skipped',
  'orders:skipped',
  'ui:get',
  'ui:set',
  // issue #13: order entry
  'shop:get',
  'shop:save',
  'customers:search',
  'picker:search',
  'orders:often-ordered',
  // updates (#17)
  'updates:status',
  'updates:settings',
  'updates:check',
  'updates:restart',
  'app:activity',
] as const;

export const EVENT_CHANNEL_NAMES = [
  'connection:changed',
  'catalogue:progress',
  'orders:changed',
  'outbox:changed',
  'app:command',
  // updates (#17)
  'updates:changed',
] as const;
