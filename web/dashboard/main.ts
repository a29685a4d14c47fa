/**
 * The score-analysis dashboard at GET /dashboard, built on the GraphQL API only: a tab per game
 * (`goTab.ts`, `backgammonTab.ts`, `chessTab.ts`, `crosswordTab.ts`), the opening explorer of
 * every game (`explorerTab.ts`), the pattern search (`patternTab.ts`) and the lookup box
 * (`lookup.ts`) under them. The charts are
 * exposed as `window.tabula.charts` (tests read their data from there); `window.tabula.loaded`
 * says which tabs have filled in.
 */
import { getToken, setToken } from '../shared/api';
import { backgammonTab } from './backgammonTab';
import { chessTab } from './chessTab';
import { crosswordTab } from './crosswordTab';
import { $, fail } from './dom';
import { explorerTab } from './explorerTab';
import { goTab } from './goTab';
import { runLookup } from './lookup';
import { patternTab } from './patternTab';
import { startTabs } from './tabs';
import './style.css';


const reload = startTabs([goTab, backgammonTab, chessTab, crosswordTab, explorerTab, patternTab], fail);

const tokenInput = $<HTMLInputElement>('token');
tokenInput.value = getToken();
tokenInput.addEventListener('change', () => {
  setToken(tokenInput.value.trim());
  reload();
});
$('lookup').addEventListener('submit', (e) => {
  e.preventDefault();
  runLookup().catch(fail);
});
