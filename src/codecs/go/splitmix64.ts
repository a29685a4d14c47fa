/**
 * SplitMix64 (Steele, Lea, Flood 2014; the generator Java's SplittableRandom
 * and Vigna's xoshiro seeding use). Only used to build Zobrist tables once, so
 * BigInt is fine here; nothing in a hot loop calls it.
 */

const MASK64 = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;

/** A SplitMix64 stream: each call returns the next 64-bit output as { hi, lo } (unsigned halves). */
export const splitmix64 = (seed: bigint): (() => { hi: number; lo: number }) => {
  let state = seed & MASK64;
  return () => {
    // state += golden gamma; z = mix(state)  (reference: prng.di.unimi.it/splitmix64.c)
    state = (state + GOLDEN) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    z = z ^ (z >> 31n);
    return { hi: Number(z >> 32n), lo: Number(z & 0xffffffffn) };
  };
};
