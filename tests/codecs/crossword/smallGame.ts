/**
 * Shared by the summary, reader, query and dashboard tests.
 *
 * A small game scored by hand on the standard board (DL D8 G7, DW H8, TL J10):
 *  1 alice 8D RETAINS: R on DL 2 + E T A I N S 6 = 8, x2 (H8) = 16, 7 tiles +50 = 66 (bingo)
 *  2 bob   G7 Z.: Z on DL 20 + A 1 = 21; the file says 22 (cumulative 22)
 *  3 alice J8 .DE: S 1 + D 2 + E on TL 3 = 6, total 72
 *  4 alice withdraws it: -6, total 66
 *  5 bob   exchanges DGW: 0
 *  6 alice passes: 0
 *  7 bob   E8 .X: E 1 + X 8 = 9, total 21+9 = 30 recomputed, 31 stated
 *  8 bob   challenge bonus +5 (as stated): 35 recomputed, 36 stated
 *  9 alice J8 .ALE: S 1 + A 1 + L on TL 3 + E 1 = 6, total 72
 * 10 alice end rack (OORW) = 2 x (1+1+1+4) = 14, total 86
 * alice: 4 turns (plays 1, 3, 9 and the pass 6), 86 points, 1 bingo, stated 86
 * bob:   3 turns (plays 2, 7 and the exchange 5), 35 points, 0 bingos, stated 36
 */
export const SMALL_GAME = `#player1 alice Alice Adams
#player2 bob Bob Brown
#lexicon NWL23
#description Created with Macondo
>alice: AEINRST 8D RETAINS +66 66
>bob: DGOORWZ G7 Z. +22 22
>alice: ADEEILO J8 .DE +6 72
>alice: ADEEILO -- -6 66
>bob: DGOORW -DGW +0 22
>alice: ADEEILO - +0 66
>bob: OORWX E8 .X +9 31
>bob: OORW (challenge) +5 36
>alice: AEL J8 .ALE +6 72
>alice: (OORW) +14 86
`;

/**
 * A second game between the same two, bob now player 1, finished and won by bob:
 *  1 bob   8D RETAINS: 66 as in SMALL_GAME (bingo)
 *  2 alice G7 Z.: 21 recomputed; the file says 25
 *  3 bob   end rack (DGOORW) = 2 x (2+2+1+1+1+4) = 22, total 88
 * bob: 1 turn, 88 points, 1 bingo, stated 88; alice: 1 turn, 21 points, stated 25 (4 more).
 */
export const REMATCH = `#player1 bob Bob Brown
#player2 alice Alice Adams
#lexicon NWL23
>bob: AEINRST 8D RETAINS +66 66
>alice: DGOORWZ G7 Z. +25 25
>bob: (DGOORW) +22 88
`;
