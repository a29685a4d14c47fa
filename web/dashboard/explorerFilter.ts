/**
 * The explorer's filter form (dates, rating band, speeds, a player and side, ECO for chess) and
 * the `GameFilter` it stands for: only the fields filled in, so an empty form is no filter. The
 * Pattern search tab has the same form, its ids prefixed `pattern-` instead of `explorer-`.
 */
import { h } from './dom';
import type { ExplorerGame, GameFilter } from './explorerData';

export const SPEEDS: [string, string][] = [
  ['ULTRABULLET', 'UltraBullet'],
  ['BULLET', 'Bullet'],
  ['BLITZ', 'Blitz'],
  ['RAPID', 'Rapid'],
  ['CLASSICAL', 'Classical'],
  ['CORRESPONDENCE', 'Correspondence'],
];

/** The form's values as read from its fields. */
export interface FilterValues {
  dateFrom: string;
  dateTo: string;
  minRating: string;
  maxRating: string;
  speeds: string[];
  player: string;
  playerSide: string;
  eco: string;
}

/** The `GameFilter` of the form's values, or null when nothing is filled in. */
export const filterOf = (v: FilterValues): GameFilter | null => {
  const f: GameFilter = {};
  const text = (name: keyof GameFilter & string, value: string) => {
    if (value.trim()) f[name] = value.trim();
  };
  const int = (name: string, value: string) => {
    if (value.trim() !== '') f[name] = Math.round(Number(value));
  };
  text('dateFrom', v.dateFrom);
  text('dateTo', v.dateTo);
  int('minRating', v.minRating);
  int('maxRating', v.maxRating);
  if (v.speeds.length) f.speeds = v.speeds;
  text('player', v.player);
  if (v.player.trim() && v.playerSide) f.playerSide = v.playerSide;
  text('eco', v.eco.toUpperCase());
  return Object.keys(f).length ? f : null;
};

/** The filter in words, for the summary line. */
export const describeFilter = (f: GameFilter | null, game: ExplorerGame): string => {
  if (!f) return 'all games';
  const parts: string[] = [];
  if (f.dateFrom || f.dateTo) parts.push(`played ${f.dateFrom ? `from ${f.dateFrom}` : ''}${f.dateFrom && f.dateTo ? ' ' : ''}${f.dateTo ? `to ${f.dateTo}` : ''}`);
  if (f.minRating !== undefined || f.maxRating !== undefined) parts.push(`mean rating ${f.minRating ?? '…'}–${f.maxRating ?? '…'}`);
  if (f.speeds) parts.push((f.speeds as string[]).map((s) => SPEEDS.find(([k]) => k === s)?.[1] ?? s).join(', '));
  if (f.player) parts.push(`${f.player}${f.playerSide ? ` as ${game.sides[f.playerSide === 'FIRST' ? 0 : 1]}` : ''}`);
  if (f.eco) parts.push(`ECO ${f.eco}`);
  return `games ${parts.join('; ')}`;
};

/** The form's fields (ids `<prefix>-…`, `explorer-…` for the Explorer tab), inside a `<fieldset>`. */
export const filterFields = (prefix = 'explorer'): HTMLElement =>
  h(
    'fieldset',
    { class: 'explorer-filter' },
    h('legend', {}, 'Filter the games'),
    h('div', { class: 'controls' },
      h('label', {}, 'From ', h('input', { id: `${prefix}-date-from`, type: 'text', size: '10', placeholder: 'YYYY[-MM[-DD]]', spellcheck: 'false' })),
      h('label', {}, 'to ', h('input', { id: `${prefix}-date-to`, type: 'text', size: '10', placeholder: 'YYYY[-MM[-DD]]', spellcheck: 'false' })),
      h('label', {}, 'Mean rating ', h('input', { id: `${prefix}-min-rating`, type: 'number', step: '1', placeholder: 'min' })),
      h('label', {}, '– ', h('input', { id: `${prefix}-max-rating`, type: 'number', step: '1', placeholder: 'max' })),
      h('label', {}, 'Player ', h('input', { id: `${prefix}-player`, type: 'text', size: '14', spellcheck: 'false' })),
      h('label', {}, 'as ', h('select', { id: `${prefix}-side` })),
      h('label', { id: `${prefix}-eco-label` }, 'ECO ', h('input', { id: `${prefix}-eco`, type: 'text', size: '4', placeholder: 'B9', spellcheck: 'false' })),
    ),
    h('div', { class: 'controls speeds', role: 'group', 'aria-label': 'Speeds' },
      'Speeds: ',
      ...SPEEDS.map(([value, label]) => h('label', {}, h('input', { type: 'checkbox', name: `${prefix}-speed`, value }), label)),
      h('button', { id: `${prefix}-apply`, type: 'submit' }, 'Apply'),
      h('button', { id: `${prefix}-clear`, type: 'button' }, 'Clear'),
    ),
  );

/** The side picker's options for a game (either side, or the first or second player by its name). */
export const sideOptions = (game: ExplorerGame): HTMLElement[] => [
  h('option', { value: '' }, 'either side'),
  h('option', { value: 'FIRST' }, game.sides[0]),
  h('option', { value: 'SECOND' }, game.sides[1]),
];

/** Reads the form's fields (ids `<prefix>-…`). */
export const readFilter = (root: ParentNode, prefix = 'explorer'): FilterValues => {
  const value = (id: string) => (root.querySelector(`#${prefix}-${id}`) as HTMLInputElement | HTMLSelectElement).value;
  return {
    dateFrom: value('date-from'),
    dateTo: value('date-to'),
    minRating: value('min-rating'),
    maxRating: value('max-rating'),
    speeds: [...root.querySelectorAll<HTMLInputElement>(`input[name=${prefix}-speed]:checked`)].map((i) => i.value),
    player: value('player'),
    playerSide: value('side'),
    eco: value('eco'),
  };
};
