/**
 * The example operations the explorer opens with, one tab per game. Keys are real: the chess
 * start position, positions of the sample files in samples/ (gnubg's 5-point match with a
 * double, the So8p-vs-Zen 9x9 game) and a CGP from the crossword tests.
 */
export interface ExampleTab {
  query: string;
  variables?: string;
}

export const EXAMPLES: ExampleTab[] = [
  {
    query: `# tabula: a GraphQL database of backgammon, chess, Go and crossword games.
# Each tab holds an example; press the run button (or Ctrl-Enter).
# Every position type has an \`svg\` field that draws it.
query ServerAndGames {
  serverInfo { version database importFormats }
  games(first: 10) {
    totalCount
    nodes { id kind player1 player2 event date result }
  }
}
`,
  },
  {
    query: `# Chess: a position by FEN, with the moves played from it in stored games.
query ChessStart($fen: String!) {
  chessPosition(fen: $fen) {
    key
    fen
    gameCount
    moves { move count wins draws losses score }
    svg(size: 240)
  }
  chessPositions(polyglotKey: "463b96181691fc9c") { id kind key occurrenceCount }
}
`,
    variables: JSON.stringify({ fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' }, null, 2),
  },
  {
    query: `# Backgammon: a stored position by its gnubg PositionID:MatchID, decoded.
query BackgammonPosition($key: String!) {
  positions(key: $key, kind: BACKGAMMON) {
    key
    occurrenceCount
    backgammon {
      board { pipCounts borneOff }
      match { cubeValue cubeOwner dice matchLength score }
      svg(size: 320)
    }
  }
  decodePositionId(id: "4HPwATDgc/ABMA") { pipCounts svg(size: 200) }
}
`,
    variables: JSON.stringify({ key: '4HPhQSDgc+JBIA:UQmgAAAAAAAE' }, null, 2),
  },
  {
    query: `# Go: score sets, a position by its PositionID, and the stone-count histogram.
query GoAnalysis($hash: String!) {
  goScoreSets { program ruleset positions }
  goPosition(hash: $hash) {
    key
    toPlay
    stoneCount
    board
    scores { program ruleset score confidence }
    svg(size: 240)
  }
  goStoneHistogram { stoneCount positions }
}
`,
    variables: JSON.stringify({ hash: '54dce5d8f3602fce0057' }, null, 2),
  },
  {
    query: `# Crossword: decode a CGP line, and whether it is stored.
query Crossword($cgp: String!) {
  parseCgp(cgp: $cgp) {
    key
    racks
    scores
    tilesOnBoard
    unseenTiles
    stored { id occurrenceCount }
    svg(size: 320)
  }
}
`,
    variables: JSON.stringify(
      {
        cgp: '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;',
      },
      null,
      2,
    ),
  },
  {
    query: `# A game's main line, each ply drawn with the move that reached it marked.
query GameWithDiagrams($id: ID!) {
  game(id: $id) {
    kind player1 player2 result
    mainLine { number move svg(size: 160) }
  }
}
`,
    variables: JSON.stringify({ id: '1' }, null, 2),
  },
  {
    query: `# Any game: one fragment on GamePosition serves every position type.
fragment Explorer on GamePosition {
  kind key text occurrenceCount
  moves { move count wins draws losses score }
  analysis { program ruleset value }
}

query AnyPosition($text: String!) {
  findPositions(text: $text) { ...Explorer }
  chessPosition(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") { ...Explorer }
}
`,
    variables: JSON.stringify({ text: '4HPwATDgc/ABMA' }, null, 2),
  },
];
