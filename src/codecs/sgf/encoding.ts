/**
 * Bytes to text for SGF files: FF[4] names the character set in the root
 * property CA (default ISO-8859-1). Pure: bytes in, string out.
 */
import { Result, ok, err, codecErrors } from '../result';

/** The error codes this module returns. */
export const SGF_CHARSET_ERRORS = ['ERR_SGF_CHARSET'] as const;
/** One of SGF_CHARSET_ERRORS. */
export type SgfCharsetError = (typeof SGF_CHARSET_ERRORS)[number];
const charsetError = codecErrors(SGF_CHARSET_ERRORS);

/** The CA[] value found in the first 4 KiB of the bytes (read as ASCII), or undefined. */
export const sniffSgfCharset = (bytes: Uint8Array): string | undefined => {
  const end = Math.min(bytes.length, 4096);
  for (let i = 0; i + 3 < end; i++) {
    // Looks for `CA[` not preceded by another letter (so e.g. `PCA[` does not match).
    if (bytes[i] === 0x43 && bytes[i + 1] === 0x41 && bytes[i + 2] === 0x5b) {
      const prev = i > 0 ? bytes[i - 1] : 0;
      if ((prev >= 0x41 && prev <= 0x5a) || (prev >= 0x61 && prev <= 0x7a)) continue;
      let j = i + 3;
      let name = '';
      while (j < end && bytes[j] !== 0x5d && name.length < 40) name += String.fromCharCode(bytes[j++]);
      return name.trim();
    }
  }
  return undefined;
};

/** A decoder for an SGF file that starts with `head` (its first 4 KiB or all of it), and how many BOM bytes to skip. */
export const sgfDecoderFor = (head: Uint8Array): Result<{ decoder: InstanceType<typeof TextDecoder>; skip: number }> => {
  // A UTF-8 byte order mark wins over CA[].
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return ok({ decoder: new TextDecoder('utf-8'), skip: 3 });
  const charset = sniffSgfCharset(head) ?? 'ISO-8859-1';
  try {
    return ok({ decoder: new TextDecoder(charset.toLowerCase()), skip: 0 });
  } catch {
    return err(charsetError('ERR_SGF_CHARSET', `unknown character set CA[${charset}]`, { field: 'CA' }));
  }
};

/** Decodes SGF bytes with the charset named by CA[] (UTF-8 BOM wins; default ISO-8859-1 per FF[4]). Unknown charsets are an error. */
export const decodeSgfBytes = (bytes: Uint8Array): Result<string> => {
  const found = sgfDecoderFor(bytes);
  return found.ok ? ok(found.value.decoder.decode(bytes.subarray(found.value.skip))) : found;
};
