import { useSelector } from '@xstate/react';
import { connectBuildBanner, type BuildBannerView } from '../../machines/build-watch/build-watch.connect';
import { BuildBanner } from '../features/shell/build-banner';
import type { DynamicChildren } from './app-context';

const sameBanner = (a: BuildBannerView, b: BuildBannerView) => a.kind === b.kind;

/** The build watch's banner, once the page's tools run: the reload offer, and why a reload waits. */
export function BuildWatchBanner({ buildWatch }: { buildWatch: DynamicChildren['buildWatch'] }) {
  const banner = useSelector(buildWatch, connectBuildBanner, sameBanner);
  return (
    <BuildBanner
      vm={banner}
      onReload={() => buildWatch.send({ type: 'build.accept' })}
      onClose={() => buildWatch.send({ type: 'build.dismiss' })}
    />
  );
}
