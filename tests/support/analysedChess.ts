/**
 * Chess games with engine evaluations for the analysis tests (server and dashboard): three
 * games judged by "Stockfish 16" or by the engines that played them (cutechess comments); each
 * test file adds its own games after them.
 */
export const ANALYSED_PGN = `[Event "G1"]
[White "Anna"]
[Black "Boris"]
[Annotator "Stockfish 16"]
[Result "0-1"]

1. e4 { [%eval 0.35] [%clk 0:05:00] } 1... e5 { [%eval 0.4] [%clk 0:04:58] } 2. Qh5 { [%eval -2.5] } 2... Nc6 { [%eval -2.4] } 0-1

[Event "G2"]
[White "Boris"]
[Black "Anna"]
[Annotator "Stockfish 16"]
[Result "1-0"]

1. d4 { [%eval 0.2] } 1... d5 { [%eval 0.2] } 2. c4 { [%eval 0.2] } 2... Nf6 { [%eval 1.5] } 1-0

[Event "G3"]
[White "EngineW"]
[Black "EngineB"]
[Result "*"]

1. e4 {+0.20/12 0.5s} e5 {-0.10/14 0.4s} 2. Nf3 {+0.30/12 0.3s} *

`;
