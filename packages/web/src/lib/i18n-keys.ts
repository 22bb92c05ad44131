/**
 * The translation keys as a type, so `t('a.b.c')` with a key that does not exist fails the
 * typecheck. The Albanian texts are the source of truth: the app-wide `locales/sq.json`, the error
 * texts `locales/errors/sq.json` and every feature's `locales/sq.json` (listed in
 * `locales/features-sq.ts`). `i18n-locales.test.ts` checks that the English files hold the same keys.
 */

import type errors from '../locales/errors/sq.json';
import type features from '../locales/features-sq';
import type app from '../locales/sq.json';

export type Resources = typeof app & typeof errors & typeof features;

/** `a.b.c` for every text (a string leaf) under `T`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A plural's forms (`key_one`, `key_other`) are asked for by their base key and a `count`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every key `t` accepts. */
export type TranslationKey = WithoutPlural<Leaves<Resources>>;

/** The keys under one prefix, without it: `KeysUnder<'errors'>` is every error code with a text. */
export type KeysUnder<Prefix extends string> = TranslationKey extends infer K
  ? K extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;
