/**
 * Tiny helpers the board renderers share: XML escaping, number formatting and element
 * builders. Everything here is pure and deterministic: the same input gives the same string
 * (attributes are written in the order given, numbers with at most two decimals).
 */

/** An attribute value; `undefined`, `null` and `false` leave the attribute out. */
export type AttrValue = string | number | boolean | undefined | null;

/** Attributes in the order they are written. */
export type Attrs = Readonly<Record<string, AttrValue>>;

/** Generic font stack for labels (pieces and stones never need a font). */
export const FONT_FAMILY = 'sans-serif';

/** Escapes text for XML character data and attribute values (`&`, `<`, `>`, `"`, `'`). */
export const escapeXml = (s: string): string => {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    switch (c) {
      case '&': out += '&amp;'; break;
      case '<': out += '&lt;'; break;
      case '>': out += '&gt;'; break;
      case '"': out += '&quot;'; break;
      case "'": out += '&apos;'; break;
      default: {
        // Control characters other than tab/newline/CR are not allowed in XML 1.0.
        const code = s.charCodeAt(i);
        out += code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d ? ' ' : c;
      }
    }
  }
  return out;
};

/** A number for SVG: at most two decimals, no trailing zeros, never `-0`, `NaN` written as 0. */
export const num = (n: number): string => {
  if (!Number.isFinite(n)) return '0';
  const r = Math.round(n * 100) / 100;
  if (r === 0) return '0';
  return Number.isInteger(r) ? String(r) : r.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
};

const attrText = (attrs: Attrs): string => {
  let s = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    const text = v === true ? k : typeof v === 'number' ? num(v) : escapeXml(v);
    s += ` ${k}="${text}"`;
  }
  return s;
};

/** An element with children already serialised; self-closing when there are none. */
export const el = (name: string, attrs: Attrs = {}, ...children: readonly string[]): string => {
  const inner = children.join('');
  return inner === '' ? `<${name}${attrText(attrs)}/>` : `<${name}${attrText(attrs)}>${inner}</${name}>`;
};

/** A text element; `content` is escaped. */
export const text = (content: string, attrs: Attrs = {}): string => `<text${attrText(attrs)}>${escapeXml(content)}</text>`;

/** A group of children (omitted entirely when empty). */
export const group = (attrs: Attrs, children: readonly string[]): string => (children.length === 0 ? '' : el('g', attrs, ...children));

/** A `translate(x y)` transform. */
export const translate = (x: number, y: number): string => `translate(${num(x)} ${num(y)})`;

/** Options every renderer accepts. */
export interface BaseSvgOptions {
  /** Width of the diagram in px (default 360); the height follows the diagram's aspect ratio. */
  size?: number;
  /**
   * Prefix for the ids of `<title>` and `<desc>`; when given, the root gets
   * `aria-labelledby`/`aria-describedby` pointing at them. Left out by default, so diagrams
   * can be inlined many times on one page without clashing ids.
   */
  idPrefix?: string;
}

/** Default diagram width in px. */
export const DEFAULT_SIZE = 360;

/** The width to use: `size` when it is a positive finite number, else the default. */
export const diagramWidth = (size: number | undefined): number =>
  size !== undefined && Number.isFinite(size) && size > 0 ? size : DEFAULT_SIZE;

/** What a whole document needs. */
export interface SvgDocument {
  /** Diagram coordinate space: `0 0 viewWidth viewHeight`. */
  viewWidth: number;
  viewHeight: number;
  /** Short accessible name. */
  title: string;
  /** Longer accessible description of the position in words. */
  desc: string;
  /** Serialised body elements, drawn in order. */
  body: readonly string[];
  /** Class of the root element, e.g. `tabula-board tabula-go`. */
  className: string;
}

/** The root `<svg>` element with `role="img"`, `<title>`, `<desc>` and a `viewBox`. */
export const svgDocument = (doc: SvgDocument, options: BaseSvgOptions = {}): string => {
  const width = diagramWidth(options.size);
  const height = (width * doc.viewHeight) / doc.viewWidth;
  const prefix = options.idPrefix;
  const titleId = prefix ? `${prefix}-title` : undefined;
  const descId = prefix ? `${prefix}-desc` : undefined;
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: doc.className,
      width,
      height,
      viewBox: `0 0 ${num(doc.viewWidth)} ${num(doc.viewHeight)}`,
      role: 'img',
      'aria-labelledby': titleId,
      'aria-describedby': descId,
    },
    el('title', { id: titleId }, escapeXml(doc.title)),
    el('desc', { id: descId }, escapeXml(doc.desc)),
    ...doc.body,
  );
};

/** `n` followed by the noun, singular or plural: `1 stone`, `3 stones`. */
export const plural = (n: number, singular: string, pluralForm = `${singular}s`): string => `${n} ${n === 1 ? singular : pluralForm}`;

/** Joins a list in English: `a`, `a and b`, `a, b and c`. */
export const listWords = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
