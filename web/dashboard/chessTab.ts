/** The Chess tab (filled in by issue 15's chess analysis). */
import { h } from './dom';
import type { Tab } from './tabs';

export const chessTab: Tab = {
  id: 'chess',
  title: 'Chess',
  async load(panel) {
    panel.replaceChildren(h('p', { class: 'hint' }, 'No chess analysis yet.'));
  },
};
