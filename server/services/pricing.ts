import { choicesProblem, type PriceChoices, type PriceRules } from '../../domain/money/pricing';
import { badRequest } from '../lib/http-error';

/** Refuses (400) choices the pricing rules cannot price, naming the choice (domain/money/pricing.ts). */
export function assertPriceable(rules: PriceRules, choices: PriceChoices): void {
  const problem = choicesProblem(rules, choices);
  if (problem) throw badRequest(problem);
}
