/** Small, fast, seedable PRNG (mulberry32). Seed data must be deterministic and cheap at 1,000,000 rows. */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator for record `index` of a stream: stable whatever order records are generated in. */
export function rngFor(seed: number, stream: number, index: number): Rng {
  const mixed =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f);
  const rng = mulberry32(mixed);
  rng();
  return rng;
}

export const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
export const chance = (rng: Rng, p: number): boolean => rng() < p;
