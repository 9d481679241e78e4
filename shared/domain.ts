/**
 * Domain types shared by main and renderer (zod schemas; types inferred), one file per feature: the catalogue
 * (products.ts), the order book (orders.ts), what is sent and how it went (outbox.ts) and the wizard's drafts
 * (drafts.ts). Imported from here by most of the app.
 */
export * from './products';
export * from './orders';
export * from './outbox';
export * from './drafts';
