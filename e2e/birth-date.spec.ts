import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './models/shell-page';
import { reviewShot } from './models/modes';

/**
 * The registration form's birth date shows DD/MM/AAAA in Portuguese and MM/DD/YYYY in English
 * whatever the browser's own language (the browser here is en-US and pt-BR in turn), and refuses a player
 * under 18 with the catalog's message.
 */
const TEXT = {
  pt: {
    prefix: '',
    birth: 'Data de nascimento',
    pattern: 'DD/MM/AAAA',
    underage: 'Você precisa ter 18 anos ou mais para se cadastrar.',
    invalid: 'Informe uma data de nascimento válida.',
  },
  en: {
    prefix: '/en',
    birth: 'Date of birth',
    pattern: 'MM/DD/YYYY',
    underage: 'You must be 18 or over to register.',
    invalid: 'Enter a valid date of birth.',
  },
} as const;

async function openRegister(page: Page, baseURL: string | undefined, host: string, prefix: string) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  await page.goto(`${ShellPage.origin(baseURL, host)}${prefix}/register`);
  await new ShellPage(page).waitForSite();
  await expect(page.getByTestId('register-form')).toBeVisible();
}

/** Digits of a date `years` ago today, in the order the locale types them. */
function typedYearsAgo(years: number, lang: 'pt' | 'en'): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  return lang === 'pt' ? `${dd}${mm}${d.getFullYear()}` : `${mm}${dd}${d.getFullYear()}`;
}

for (const browserLocale of ['en-US', 'pt-BR'] as const) {
  test.describe(`birth date on a ${browserLocale} browser`, () => {
    test.use({ locale: browserLocale });

    for (const lang of ['pt', 'en'] as const) {
      const t = TEXT[lang];
      test(`${lang}: ${t.pattern}, typed with slashes added, under 18 refused`, async ({ page, baseURL }) => {
        for (const [width, height] of [
          [390, 844],
          [1440, 900],
        ] as const) {
          await page.setViewportSize({ width, height });
          await openRegister(page, baseURL, 'azul.localhost', t.prefix);
          const field = page.getByTestId('register-form').getByLabel(t.birth);
          await expect(field).toHaveAttribute('placeholder', t.pattern);
          await expect(field).toHaveAttribute('type', 'text');
          await expect(field).toHaveAttribute('inputmode', 'numeric');
          await field.pressSequentially(lang === 'pt' ? '17051990' : '05171990');
          await expect(field).toHaveValue(lang === 'pt' ? '17/05/1990' : '05/17/1990');
          await expect(page.getByTestId('register-birth-error')).toHaveCount(0);
          await field.fill('');
          await field.pressSequentially(typedYearsAgo(17, lang));
          await expect(page.getByTestId('register-birth-error')).toHaveText(t.underage);
          await field.fill('');
          await field.pressSequentially(lang === 'pt' ? '31021990' : '02311990');
          await expect(page.getByTestId('register-birth-error')).toHaveText(t.invalid);
          await field.fill('');
          await field.pressSequentially(typedYearsAgo(30, lang));
          await expect(page.getByTestId('register-birth-error')).toHaveCount(0);
          await reviewShot(page, {
            path: test.info().outputPath(`birth-date-${browserLocale}-${lang}-${width}x${height}.png`),
          });
        }
      });
    }
  });
}
