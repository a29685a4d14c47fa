/**
 * A tiny, strict XML reader for the renderer tests (no regular expressions): elements,
 * double-quoted attributes, text and the five predefined entities plus numeric references.
 * Throws on anything malformed: unbalanced or crossed tags, duplicate attributes, a bare
 * `&` or `<`, text outside the root, more than one root.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Decoded text directly inside this element. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const isNameChar = (c: string): boolean =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '-' || c === '_' || c === ':' || c === '.';

const isSpace = (c: string): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r';

const decode = (s: string, at: number): string => {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '<') throw new Error(`bare '<' near ${at + i}`);
    if (c !== '&') {
      out += c;
      continue;
    }
    const end = s.indexOf(';', i);
    if (end < 0) throw new Error(`unterminated entity near ${at + i}`);
    const name = s.slice(i + 1, end);
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!Number.isFinite(code)) throw new Error(`bad character reference &${name}; near ${at + i}`);
      out += String.fromCodePoint(code);
    } else {
      const v = ENTITIES[name];
      if (v === undefined) throw new Error(`unknown entity &${name}; near ${at + i}`);
      out += v;
    }
    i = end;
  }
  return out;
};

/** Parses a document with exactly one root element. */
export const parseXml = (src: string): XmlElement => {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const readName = (): string => {
    const start = i;
    while (i < src.length && isNameChar(src[i])) i++;
    if (i === start) throw new Error(`name expected at ${start}`);
    return src.slice(start, i);
  };
  const skipSpace = (): void => {
    while (i < src.length && isSpace(src[i])) i++;
  };
  while (i < src.length) {
    if (src[i] !== '<') {
      const start = i;
      while (i < src.length && src[i] !== '<') i++;
      const raw = src.slice(start, i);
      const decoded = decode(raw, start);
      if (stack.length === 0) {
        for (const c of decoded) if (!isSpace(c)) throw new Error(`text outside the root at ${start}`);
      } else {
        stack[stack.length - 1].text += decoded;
      }
      continue;
    }
    if (src[i + 1] === '/') {
      i += 2;
      const name = readName();
      skipSpace();
      if (src[i] !== '>') throw new Error(`'>' expected at ${i}`);
      i++;
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name ?? '(nothing)'}>`);
      continue;
    }
    i++;
    const el: XmlElement = { name: readName(), attrs: {}, children: [], text: '' };
    let selfClosing = false;
    while (true) {
      const hadSpace = i < src.length && isSpace(src[i]);
      skipSpace();
      if (i >= src.length) throw new Error(`unterminated <${el.name}>`);
      if (src[i] === '>') {
        i++;
        break;
      }
      if (src[i] === '/' && src[i + 1] === '>') {
        i += 2;
        selfClosing = true;
        break;
      }
      if (!hadSpace) throw new Error(`space expected before attribute at ${i}`);
      const attr = readName();
      if (src[i] !== '=' || src[i + 1] !== '"') throw new Error(`="..." expected after ${attr} at ${i}`);
      const end = src.indexOf('"', i + 2);
      if (end < 0) throw new Error(`unterminated attribute ${attr}`);
      if (attr in el.attrs) throw new Error(`duplicate attribute ${attr} on <${el.name}>`);
      el.attrs[attr] = decode(src.slice(i + 2, end), i + 2);
      i = end + 1;
    }
    if (stack.length > 0) stack[stack.length - 1].children.push(el);
    else if (root) throw new Error('more than one root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1].name}> is not closed`);
  if (!root) throw new Error('no root element');
  return root;
};

/** Every element below (and including) `root`, in document order. */
export const allElements = (root: XmlElement): XmlElement[] => {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    out.push(e);
    e.children.forEach(walk);
  };
  walk(root);
  return out;
};

/** Whether an element's class list contains every class given. */
export const hasClass = (e: XmlElement, ...classes: string[]): boolean => {
  const list = (e.attrs.class ?? '').split(' ');
  return classes.every((c) => list.includes(c));
};

/** Elements named `name` (or any name when '*') carrying all `classes`. */
export const select = (root: XmlElement, name: string, ...classes: string[]): XmlElement[] =>
  allElements(root).filter((e) => (name === '*' || e.name === name) && hasClass(e, ...classes));

/** The text of the root's `<title>` and `<desc>`. */
export const titleAndDesc = (root: XmlElement): { title: string; desc: string } => ({
  title: root.children.find((c) => c.name === 'title')?.text ?? '',
  desc: root.children.find((c) => c.name === 'desc')?.text ?? '',
});

/** All decoded text content below `root`, concatenated in document order. */
export const textContent = (root: XmlElement): string => {
  let s = root.text;
  for (const c of root.children) s += textContent(c);
  return s;
};

/** The checks every diagram must pass: one `<svg>` root with role, viewBox, title first, desc second. */
export const checkDocument = (svg: string): XmlElement => {
  const root = parseXml(svg);
  if (root.name !== 'svg') throw new Error(`root is <${root.name}>`);
  if (root.attrs.xmlns !== 'http://www.w3.org/2000/svg') throw new Error('missing SVG namespace');
  if (root.attrs.role !== 'img') throw new Error('missing role="img"');
  if (!root.attrs.viewBox) throw new Error('missing viewBox');
  if (root.children[0]?.name !== 'title' || root.children[0].text === '') throw new Error('<title> is not the first child');
  if (root.children[1]?.name !== 'desc' || root.children[1].text === '') throw new Error('<desc> is not the second child');
  for (const e of allElements(root)) {
    for (const [k, v] of Object.entries(e.attrs)) {
      if ((k === 'href' || k === 'xlink:href' || k === 'src') && !v.startsWith('#')) throw new Error(`external reference ${v}`);
    }
    if (e.name === 'image' || e.name === 'script' || e.name === 'foreignObject') throw new Error(`<${e.name}> not allowed`);
  }
  return root;
};
