/**
 * The dashboard's tabs, one per game, the explorer's and the pattern search's. Each tab fills its own panel (`#panel-<id>`) the first time
 * it is shown and says when it is done in `window.tabula.loaded`; `#<id>` in the address opens it.
 */
import type { Chart } from 'chart.js';
import { charts } from './dom';

export type TabId = 'go' | 'backgammon' | 'chess' | 'crossword' | 'explorer' | 'patterns';

export interface Tab {
  id: TabId;
  /** The tab's label. */
  title: string;
  /** Fills the tab's panel; called the first time the tab is shown, and again after the token changes. */
  load(panel: HTMLElement): Promise<void>;
}

declare global {
  interface Window {
    tabula?: { charts: Record<string, Chart>; ready: boolean; loaded: Partial<Record<TabId, boolean>> };
  }
}

const state = { charts, ready: false, loaded: {} as Partial<Record<TabId, boolean>> };
window.tabula = state;

/**
 * Wires the tab bar: a click (or the address's `#id`) shows a tab's panel and loads it once.
 * `fail` reports a load that throws. Returns a function that reloads the tab shown.
 */
export function startTabs(tabs: Tab[], fail: (error: unknown) => void): () => void {
  const loading = new Map<TabId, Promise<void>>();
  let shown: Tab = tabs[0];
  const load = (tab: Tab): void => {
    if (loading.has(tab.id)) return;
    state.loaded[tab.id] = false;
    const run = tab
      .load(document.getElementById(`panel-${tab.id}`) as HTMLElement)
      .then(() => {
        state.loaded[tab.id] = true;
        state.ready = true;
      })
      .catch(fail);
    loading.set(tab.id, run);
  };
  const show = (tab: Tab): void => {
    shown = tab;
    for (const t of tabs) {
      const selected = t.id === tab.id;
      const button = document.getElementById(`tab-${t.id}`) as HTMLElement;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      (document.getElementById(`panel-${t.id}`) as HTMLElement).hidden = !selected;
    }
    load(tab);
  };
  for (const tab of tabs) {
    document.getElementById(`tab-${tab.id}`)?.addEventListener('click', () => {
      history.replaceState(null, '', `#${tab.id}`);
      show(tab);
    });
  }
  const fromHash = (): Tab => tabs.find((t) => `#${t.id}` === location.hash) ?? tabs[0];
  window.addEventListener('hashchange', () => show(fromHash()));
  show(fromHash());
  return () => {
    loading.clear();
    load(shown);
  };
}
