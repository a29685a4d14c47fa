/**
 * JSON text of a string, as `JSON.stringify` writes it, without calling it where nothing needs
 * escaping: a string without `"`, `\`, a control character (below U+0020) or a surrogate (which
 * `JSON.stringify` escapes when it stands alone) is written between quotes as it is. A call of
 * `JSON.stringify` per value was the largest part of writing a lookup's response by hand.
 */

/** What `JSON.stringify` may write otherwise than as it is (control characters are what it escapes). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text)`, the same characters. */
export const jsonString = (text: string): string => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);
