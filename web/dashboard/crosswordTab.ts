/** The Crossword tab (filled in by issue 15's crossword analysis). */
import { h } from './dom';
import type { Tab } from './tabs';

export const crosswordTab: Tab = {
  id: 'crossword',
  title: 'Crossword',
  async load(panel) {
    panel.replaceChildren(h('p', { class: 'hint' }, 'No crossword analysis yet.'));
  },
};
