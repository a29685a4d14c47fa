import { DEFAULT_SIZE, el, escapeXml, listWords, num, plural, svgDocument, text } from '../../src/render';
import { checkDocument, parseXml, titleAndDesc } from './xml';

describe('svg helpers', () => {
  test('escapeXml escapes the five XML specials and drops control characters', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(escapeXml('x\u0001y\tz')).toBe('x y\tz');
  });

  test('num writes at most two decimals and never -0', () => {
    expect(num(3)).toBe('3');
    expect(num(2.5)).toBe('2.5');
    expect(num(1 / 3)).toBe('0.33');
    expect(num(-0.001)).toBe('0');
    expect(num(-4.2)).toBe('-4.2');
    expect(num(1.005e3)).toBe('1005');
    expect(num(NaN)).toBe('0');
  });

  test('el keeps attribute order, skips absent values and self-closes when empty', () => {
    expect(el('rect', { x: 1, y: undefined, width: 2.25, hidden: false, class: 'a&b' })).toBe('<rect x="1" width="2.25" class="a&amp;b"/>');
    expect(el('g', {}, el('circle', { r: 1 }))).toBe('<g><circle r="1"/></g>');
    expect(text('1 < 2', { x: 0 })).toBe('<text x="0">1 &lt; 2</text>');
  });

  test('words', () => {
    expect(plural(1, 'stone')).toBe('1 stone');
    expect(plural(0, 'stone')).toBe('0 stones');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });

  test('svgDocument: role, title, desc, viewBox, size and optional ids', () => {
    const doc = { viewWidth: 200, viewHeight: 100, title: 'T & t', desc: 'D <d>', body: [el('rect', { width: 1, height: 1 })], className: 'x' };
    const root = checkDocument(svgDocument(doc));
    expect(root.attrs.width).toBe(String(DEFAULT_SIZE));
    expect(root.attrs.height).toBe(String(DEFAULT_SIZE / 2));
    expect(root.attrs.viewBox).toBe('0 0 200 100');
    expect(titleAndDesc(root)).toEqual({ title: 'T & t', desc: 'D <d>' });
    expect(root.attrs['aria-labelledby']).toBeUndefined();
    const withIds = checkDocument(svgDocument(doc, { size: 500, idPrefix: 'pos1' }));
    expect(withIds.attrs.width).toBe('500');
    expect(withIds.attrs.height).toBe('250');
    expect(withIds.attrs['aria-labelledby']).toBe('pos1-title');
    expect(withIds.children[0].attrs.id).toBe('pos1-title');
    expect(withIds.children[1].attrs.id).toBe('pos1-desc');
    // Nonsense sizes fall back to the default.
    expect(checkDocument(svgDocument(doc, { size: -3 })).attrs.width).toBe(String(DEFAULT_SIZE));
  });
});

describe('the test XML checker', () => {
  test.each([
    ['<a><b></a></b>'],
    ['<a>'],
    ['<a></a><b/>'],
    ['<a x="1" x="2"/>'],
    ['<a>&nope;</a>'],
    ['<a>x & y</a>'],
    ['<a x="1"y="2"/>'],
    ['text<a/>'],
  ])('rejects %s', (s) => {
    expect(() => parseXml(s)).toThrow();
  });

  test('accepts a well-formed document and decodes entities', () => {
    const root = parseXml('<a k="&lt;1&gt;"><b/>x &amp; y<c>&#65;</c></a>');
    expect(root.attrs.k).toBe('<1>');
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(root.text).toBe('x & y');
    expect(root.children[1].text).toBe('A');
  });
});
