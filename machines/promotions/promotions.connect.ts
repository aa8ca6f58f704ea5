/** What /promotions and /promotion render of the flow's snapshot: a plain view model, no actor refs. */
import type { SnapshotFrom } from 'xstate';
import { offeredByRules, type RegulatedRule } from '../bonus/regulated';
import type { UiMessage } from '../kernel/api-error';
import type { promotionsMachine } from './promotions.machine';
import {
  readPromotionDetail,
  readPromotionList,
  type PromotionDetailView,
  type PromotionView,
} from './promotions.view';

export interface PromotionsView {
  mode: 'list' | 'detail';
  loading: boolean;
  items: PromotionView[];
  detail: PromotionDetailView | null;
  notFound: boolean;
  /** The rules that kept promotions off this regulated brand (a note names them). */
  rules: RegulatedRule[];
  messages: UiMessage[];
  canRetry: boolean;
}

/** `isRegulated` from the site config: what the platform sent is filtered again by the brand's rules. */
export function connectPromotions(
  snapshot: SnapshotFrom<typeof promotionsMachine>,
  isRegulated: boolean,
): PromotionsView {
  const { list, detail, failure } = snapshot.context;
  const read = readPromotionList(list);
  const { offered, rules } = offeredByRules(read?.items ?? [], isRegulated, read?.withheld ?? []);
  const one = readPromotionDetail(detail);
  const banned = one !== null && isRegulated && one.bonusKind !== null;
  const mode = snapshot.matches('detail') ? 'detail' : 'list';
  return {
    mode,
    loading:
      snapshot.matches({ list: 'loading' }) || snapshot.matches({ detail: 'loading' }) || snapshot.matches('start'),
    items: offered,
    detail: banned ? null : one,
    notFound: snapshot.matches({ detail: 'notFound' }) || banned,
    rules: banned ? [one.bonusKind as RegulatedRule] : rules,
    messages: failure ? failure.messages : [],
    canRetry: snapshot.matches({ list: 'failed' }) || snapshot.matches({ detail: 'failed' }),
  };
}
