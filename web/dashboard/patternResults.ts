/**
 * The Pattern search tab's results: the counts (matching plies and games), the matching games a
 * page at a time, each with a diagram of the board at its first match, and the continuations table
 * (the moves played from the matching positions with their games and results, from the side that
 * played each, as `MoveStat` gives them; Go's with the label each has on the board).
 */
import { diagram, h } from './dom';
import { resultBar } from './explorerTab';
import type { Continuation, PatternPage } from './patternData';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The summary line: how many plies and games match, over which games. */
export const summaryOf = (page: Pick<PatternPage, 'totalCount' | 'gameCount'>, over: string): string =>
  page.gameCount === 0
    ? `No position of ${over} matches the pattern.`
    : `The pattern holds at ${plural(page.totalCount, 'position')} in ${plural(page.gameCount, 'game')} (of ${over}).`;

const players = (g: PatternPage['matches'][number]['game']): string => `${g.player1 ?? '?'} – ${g.player2 ?? '?'}`;

/** The matching games of the page, each an item with its diagram at the first match. */
export function drawMatches(list: HTMLElement, page: PatternPage): void {
  list.replaceChildren(
    ...page.matches.map((m) =>
      h(
        'li',
        { class: 'position pattern-match', 'data-game-id': m.game.id, 'data-ply': String(m.ply.number) },
        diagram(m.ply.svg),
        h(
          'dl',
          {},
          h('dt', {}, 'Game'),
          h('dd', {}, m.game.id),
          h('dt', {}, 'Players'),
          h('dd', { class: 'players' }, players(m.game)),
          h('dt', {}, 'Date'),
          h('dd', { class: 'date' }, m.game.date ?? '–'),
          h('dt', {}, 'Result'),
          h('dd', {}, m.game.result ?? '–'),
          ...(m.game.event ? [h('dt', {}, 'Event'), h('dd', {}, m.game.event)] : []),
          h('dt', {}, 'First match'),
          h('dd', { class: 'first-ply' }, `ply ${m.ply.number}`),
          h('dt', {}, 'Next move'),
          h('dd', { class: 'next-move' }, m.ply.nextMove ?? '– (the game ends here)'),
        ),
      ),
    ),
  );
}

const rating = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : String(Math.round(n)));

/**
 * The continuations table, most played first; `labelOf` gives a move's label on the board (Go), or
 * none. A Σ row sums the games and results.
 */
export function drawContinuations(table: HTMLElement, moves: readonly Continuation[], labelOf?: (move: string) => string | null): void {
  const labelled = labelOf !== undefined;
  const head = [...(labelled ? ['Label'] : []), 'Move', 'Games', 'Results (mover: won / drawn / lost)', 'Won', 'Drawn', 'Lost', 'Avg. rating', 'Performance'];
  const rows = moves.map((m) =>
    h(
      'tr',
      { 'data-move': m.move },
      ...(labelled ? [h('td', { class: 'label' }, labelOf(m.move) ?? '')] : []),
      h('td', { class: 'move' }, m.move),
      h('td', { class: 'count' }, String(m.count)),
      h('td', { class: 'results' }, resultBar(m)),
      h('td', { class: 'wins' }, String(m.wins)),
      h('td', { class: 'draws' }, String(m.draws)),
      h('td', { class: 'losses' }, String(m.losses)),
      h('td', {}, rating(m.averageRating)),
      h('td', {}, m.performance === null ? '–' : String(m.performance)),
    ),
  );
  const sum = (k: 'count' | 'wins' | 'draws' | 'losses' | 'unknown') => moves.reduce((n, m) => n + m[k], 0);
  const total = { count: sum('count'), wins: sum('wins'), draws: sum('draws'), losses: sum('losses'), unknown: sum('unknown') };
  table.replaceChildren(
    h('caption', { class: 'sr-only' }, 'Moves played from the matching positions'),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...(rows.length ? rows : [h('tr', {}, h('td', { colspan: String(head.length), class: 'empty' }, 'No move was played from a matching position.'))])),
    ...(rows.length
      ? [
          h(
            'tfoot',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'row', colspan: labelled ? '2' : '1' }, 'Σ'),
              h('td', { class: 'count' }, String(total.count)),
              h('td', { class: 'results' }, resultBar(total)),
              h('td', {}, String(total.wins)),
              h('td', {}, String(total.draws)),
              h('td', {}, String(total.losses)),
              h('td', { colspan: '2' }),
            ),
          ),
        ]
      : []),
  );
}

/** The pager's words: which games of how many this page lists. */
export const pageInfoOf = (pageIndex: number, shown: number, pageSize: number, gameCount: number): string =>
  shown === 0 ? '' : `games ${pageIndex * pageSize + 1}–${pageIndex * pageSize + shown} of ${gameCount}`;
