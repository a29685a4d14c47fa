/**
 * gnubg's evaluation settings as words: `2C 0 1 0.000000 1` (an `A` entry's settings) is
 * "2-ply cubeful"; noise, random noise and no pruning are named only when they are not
 * gnubg's defaults; a rollout is "rollout". The stored Score rulesets of gnubg verdicts
 * (`checker:<settings>`, `cube:<settings>`, src/storage/backgammon.ts) read as
 * "2-ply cubeful (checker play)".
 */
import { type EvalSettings, parseGnubgNumber } from './analysis';

/** Which decision a gnubg verdict is about. */
export type GnubgDecisionKind = 'checker' | 'cube';

/** Words for what a verdict judged. */
const DECISION_WORDS: Record<GnubgDecisionKind, string> = { checker: 'checker play', cube: 'cube decision' };

/** An evaluation context in words: plies, cubeful or cubeless, then noise or pruning when not gnubg's defaults. */
export const evalSettingsName = (s: EvalSettings): string => {
  if (s.kind === 'rollout') return 'rollout';
  const parts = [`${s.plies ?? '?'}-ply ${s.cubeful ? 'cubeful' : 'cubeless'}`];
  if (s.noise !== undefined && Number.isFinite(s.noise) && s.noise > 0)
    parts.push(`${s.deterministic ? 'deterministic' : 'random'} noise ${+s.noise.toFixed(4)}`);
  if (s.prune === false) parts.push('no pruning');
  return parts.join(', ');
};

/**
 * Reads settings text as gnubg writes it: a checker entry's `<plies>[C] 0 <det> <noise> <prune>`
 * (with the obsolete `0`), a cube entry's `<plies>[C] <det> <noise> <prune>`. Anything after
 * them is ignored; text that does not start with plies is a rollout (or unknown) and has no plies.
 */
export const parseSettingsText = (text: string, kind: GnubgDecisionKind): EvalSettings => {
  const words = text.trim().split(/\s+/);
  const m = /^(\d+)(C?)$/.exec(words[0] ?? '');
  if (!m) return { kind: 'rollout', text };
  const at = kind === 'checker' ? 2 : 1;
  return {
    kind: 'evaluation',
    plies: Number(m[1]),
    cubeful: m[2] === 'C',
    deterministic: words[at] !== '0',
    noise: words[at + 1] === undefined ? 0 : parseGnubgNumber(words[at + 1]),
    prune: words[at + 2] !== '0',
    text,
  };
};

/**
 * A stored gnubg ruleset (`checker:2C 0 1 0.000000 1`, `cube:2C 1 0.000000 1`) in words,
 * "2-ply cubeful (checker play)"; null when the text is not of that form.
 */
export const gnubgRulesetName = (ruleset: string): string | null => {
  const m = /^(checker|cube):(.*)$/s.exec(ruleset);
  if (!m) return null;
  const kind = m[1] as GnubgDecisionKind;
  return `${evalSettingsName(parseSettingsText(m[2], kind))} (${DECISION_WORDS[kind]})`;
};

/**
 * The settings of a game's analysis in one phrase: the settings of the best candidates
 * (checker plays) and of the cube decisions, "2-ply cubeful" when they agree, else
 * "checker play 2-ply cubeful; cube decisions 0-ply cubeful". "" when there are none.
 */
export const analysisSettingsName = (checker: EvalSettings[], cube: EvalSettings[]): string => {
  const names = (list: EvalSettings[]) => [...new Set(list.map(evalSettingsName))].sort().join(' / ');
  const c = names(checker);
  const d = names(cube);
  if (!c || !d || c === d) return c || d;
  return `checker play ${c}; cube decisions ${d}`;
};
