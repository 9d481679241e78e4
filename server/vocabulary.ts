/**
 * Word pools for seed data, drawn once from faker with a fixed seed.
 * Records are then assembled with a fast PRNG: faker per record is too slow for 1,000,000 products.
 */
import { Faker, en } from '@faker-js/faker';

export interface Vocabulary {
  adjectives: string[];
  materials: string[];
  products: string[];
  firstNames: string[];
  lastNames: string[];
  streets: string[];
  cities: string[];
  provinces: string[];
  zipCodes: string[];
  domains: string[];
  companies: string[];
}

let cached: Vocabulary | undefined;

export function vocabulary(): Vocabulary {
  if (cached) return cached;
  const faker = new Faker({ locale: [en] });
  faker.seed(20261122);
  const unique = (n: number, make: () => string): string[] => {
    const set = new Set<string>();
    for (let i = 0; i < n * 4 && set.size < n; i++) set.add(make());
    return [...set];
  };
  cached = {
    adjectives: unique(60, () => faker.commerce.productAdjective()),
    materials: unique(40, () => faker.commerce.productMaterial()),
    products: unique(40, () => faker.commerce.product()),
    firstNames: unique(400, () => faker.person.firstName()),
    lastNames: unique(400, () => faker.person.lastName()),
    streets: unique(400, () => faker.location.street()),
    cities: unique(200, () => faker.location.city()),
    provinces: unique(50, () => faker.location.state()),
    zipCodes: unique(400, () => faker.location.zipCode('#####')),
    domains: ['example.com', 'example.org', 'example.net', 'mail.example', 'shop.example'],
    companies: unique(100, () => faker.company.name()),
  };
  return cached;
}

export const COUNTRIES = [
  'Netherlands',
  'Belgium',
  'Germany',
  'France',
  'United Kingdom',
  'Spain',
  'Italy',
  'United States',
];
export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled', 'On Hold'];
export const CANCEL_REASONS = ['Customer changed their mind', 'Out of stock', 'Payment failed', 'Duplicate order'];
export const PACKAGE_EXTRAS = [
  'user manual',
  'warranty card',
  'gift box',
  'charging cable',
  'spare parts',
  'cleaning cloth',
];
