/**
 * The report's family cards (src/report/cards.ts) in a notebook, with the
 * part of the report's stylesheet that cards use, so a card looks the same in
 * both places and is rendered by the same code.
 */
import { familyCard } from '../../src/report/cards.ts';
import type { FamilyCard } from '../../src/report/model.ts';
import { STYLE } from '../../src/report/style.ts';
import { show } from './show.ts';

const CARD_RULES = /^(:root|article\.card|\.card|\.badge|\.cat-|\.why|\.kind|\.label|\.verdict|\.score|\.none|code\{)/;
const CARD_STYLE = STYLE.split('\n').filter((line) => CARD_RULES.test(line)).join('\n');

export async function showCards(cards: readonly FamilyCard[]): Promise<void> {
  const html = cards.map((card) => familyCard(card, card.forecaster, card.verdicts.map((v) => `${v.judge}:${v.label ?? 'none'}`).join(' ')));
  const plain = cards.map((c) => `${c.forecaster} ${c.repo} ${c.family.id} [${c.family.category}] ${c.family.title}: ${c.verdicts.map((v) => `${v.judge} ${v.label ?? 'not judged'}`).join(', ')}`);
  await show({ 'text/html': `<style>${CARD_STYLE}</style><div class="cards">${html.join('\n')}</div>`, 'text/plain': plain.join('\n') });
}
