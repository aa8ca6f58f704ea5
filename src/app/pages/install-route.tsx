import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectInstallPrompt } from '../../../machines/install/install-prompt.connect';
import type { installPromptMachine } from '../../../machines/install/install-prompt.machine';
import { connectSite } from '../../../machines/site/site.connect';
import { InstallPage, type InstallVariant } from '../../features/install/install-page';
import { useApp, useAppChild } from '../app-context';
import { useCurrentEntry } from '../route-handle';
import { localizedRoutePath, ROUTES } from '../routes';
import type { Locale } from '../../i18n/locale';

const VARIANTS: Record<string, InstallVariant> = { install: 'android', 'install-two': 'menu', ios: 'ios' };

const pathOf = (name: string, locale: Locale) => {
  const entry = ROUTES.find((r) => r.name === name);
  return entry ? localizedRoutePath(entry, locale) : '/';
};

/** /install, /install-two, /ios: the root's `installPrompt` flow (systemId, for the page's life) and the brand. */
export function InstallRoute() {
  const { site } = useApp();
  const brand = useSelector(site, (s) => connectSite(s).brand);
  const prompt = useAppChild('installPrompt');
  const { entry } = useCurrentEntry();
  const locale: Locale = useCurrentLocale();
  if (!brand || !prompt || !entry) return null;
  return (
    <Page
      prompt={prompt}
      variant={VARIANTS[entry.name] ?? 'android'}
      brand={brand}
      links={{
        android: pathOf('install', locale),
        menu: pathOf('install-two', locale),
        ios: pathOf('ios', locale),
      }}
    />
  );
}

function useCurrentLocale(): Locale {
  const { app } = useApp();
  return useSelector(app, (s) => s.context.route?.locale ?? 'pt');
}

function Page({
  prompt,
  variant,
  brand,
  links,
}: {
  prompt: ActorRefFrom<typeof installPromptMachine>;
  variant: InstallVariant;
  brand: { siteName: string; logoMobile: string };
  links: { android: string; menu: string; ios: string };
}) {
  const vm = useSelector(prompt, connectInstallPrompt);
  return (
    <InstallPage
      variant={variant}
      vm={vm}
      brand={brand}
      links={links}
      onInstall={() => prompt.send({ type: 'install.request' })}
      onCloseModal={() => prompt.send({ type: 'install.close' })}
    />
  );
}
