import { AnimationPage } from '../../features/demo/animation-page';
import { burstFrom } from '../../lib/confetti/confetti';

/**
 * /animation: the confetti burst from the pressed button. The library is fetched on the first press (not with the
 * page); a burst that cannot be drawn (the chunk did not load, no canvas) shows nothing and breaks nothing.
 */
export function AnimationRoute() {
  return <AnimationPage onCelebrate={(element) => void burstFrom(element).catch(() => undefined)} />;
}
