/**
 * Board diagrams as SVG: pure functions from codec data to an accessible, self-contained SVG
 * string (`role="img"`, `<title>`, `<desc>`, `viewBox`, no external assets; fonts only for
 * labels, with a generic family). One module per game.
 */
export * from './svg';
export * from './goSvg';
export * from './chessSvg';
export * from './backgammonSvg';
export * from './crosswordSvg';
