/** The Backgammon tab (filled in by issue 15's backgammon analysis). */
import { h } from './dom';
import type { Tab } from './tabs';

export const backgammonTab: Tab = {
  id: 'backgammon',
  title: 'Backgammon',
  async load(panel) {
    panel.replaceChildren(h('p', { class: 'hint' }, 'No backgammon analysis yet.'));
  },
};
