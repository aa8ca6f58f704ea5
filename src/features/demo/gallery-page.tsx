/**
 * /NewComponents (§2.2): the living gallery of `src/ui`, every component in each of its states, drawn in the
 * brand's theme (its colours arrive as custom properties on :root) and in the page's language. The only state the
 * page has (the demo dialog, the demo notices) is the `gallery` flow's snapshot, handed in as `view`; a toast is
 * shown by the app's own toast queue (`onShowToast`).
 */
import type { ReactNode } from 'react';
import type { GalleryView } from '../../../machines/gallery/gallery.connect';
import type { Failure } from '../../../machines/kernel/api-error';
import { formatBRL } from '../../../shared/money';
import { dateOrder } from '../../lib/date-text';
import type { Locale } from '../../i18n/locale';
import { intlLocale } from '../../i18n/locale';
import { Button, buttonLook, type ButtonVariant } from '../../ui/button';
import { DateInput } from '../../ui/date-input';
import { Icon, ICON_NAMES } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { Toast } from '../../ui/toast';
import { UiMessages } from '../../ui/ui-message';
import { GALLERY_SECTIONS, type GallerySection } from './gallery-sections';
import './demo.css';
import { useT } from '../../i18n/use-t';

const COLOR_TOKENS = [
  'primary',
  'secondary',
  'accent',
  'background',
  'surface',
  'text',
  'text-muted',
  'success',
  'warning',
  'error',
] as const;
const TYPE_SCALE = ['3xl', '2xl', 'xl', 'lg', 'md', 'sm', 'xs'] as const;
const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost'];
/** Amounts in centavos the money section formats (zero, small, thousands, a loss). */
const AMOUNTS = [0, 550, 123_456, 10_000_000, -2_500] as const;

export interface GalleryPageProps {
  /** The gallery flow's snapshot; null while its code is fetched (the demos wait). */
  view: GalleryView | null;
  locale: Locale;
  brandName: string;
  /** The brand's colour values (custom property → value), shown beside each swatch. */
  cssVariables: Record<string, string>;
  onOpenModal(): void;
  onCloseModal(): void;
  onDismissNotice(): void;
  onRestoreNotice(): void;
  onShowToast(): void;
}

export function GalleryPage(props: GalleryPageProps) {
  const { view, locale, brandName, cssVariables } = props;
  const t = useT();
  const failure: Failure = {
    status: 422,
    messages: [{ id: 'gallery.messages.first' }, { id: 'gallery.messages.second' }],
    fields: {},
  };
  const noop = () => undefined;

  return (
    <article className="gallery" data-testid="gallery" data-locale={locale}>
      <header className="gallery__hero">
        <p className="gallery__eyebrow">{t('gallery.eyebrow')}</p>
        <h1 className="gallery__title">{t('shell.page.new-components.title')}</h1>
        <p className="gallery__lead">{t('gallery.lead')}</p>
        <dl className="gallery__meta">
          <div>
            <dt>{t('gallery.meta.brand')}</dt>
            <dd data-testid="gallery-brand">{brandName}</dd>
          </div>
          <div>
            <dt>{t('gallery.meta.language')}</dt>
            <dd>{t(`gallery.language.${locale}`)}</dd>
          </div>
          <div>
            <dt>{t('gallery.meta.components')}</dt>
            <dd>{GALLERY_SECTIONS.length}</dd>
          </div>
        </dl>
      </header>

      <div className="gallery__body">
        <nav className="gallery__toc" aria-label={t('gallery.toc')}>
          <ul>
            {GALLERY_SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#gallery-${id}`}>{t(`gallery.section.${id}.title`)}</a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="gallery__sections">
          <Section id="colors" t={t}>
            <ul className="gallery-swatches">
              {COLOR_TOKENS.map((token) => (
                <li key={token} className="gallery-swatch">
                  <span className="gallery-swatch__chip" data-token={token} />
                  <span className="gallery-swatch__name">{t(`gallery.color.${token}`)}</span>
                  <code className="gallery-swatch__value">
                    {cssVariables[`--color-${token}`] ?? `--color-${token}`}
                  </code>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="typography" t={t}>
            <ul className="gallery-type">
              {TYPE_SCALE.map((size) => (
                <li key={size} className="gallery-type__row">
                  <code>{`--text-${size}`}</code>
                  <span className="gallery-type__sample" data-size={size}>
                    {t('gallery.typography.sample')}
                  </span>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="buttons" t={t}>
            <Specimens>
              {VARIANTS.map((variant) => (
                <Specimen key={variant} label={t(`gallery.buttons.${variant}`)}>
                  <Button variant={variant}>{t('gallery.buttons.action')}</Button>
                  <Button variant={variant} size="sm">
                    {t('gallery.buttons.small')}
                  </Button>
                </Specimen>
              ))}
              <Specimen label={t('gallery.buttons.disabled')}>
                <Button disabled>{t('gallery.buttons.action')}</Button>
                <Button variant="outline" disabled>
                  {t('gallery.buttons.action')}
                </Button>
              </Specimen>
              <Specimen label={t('gallery.buttons.loading')}>
                <Button disabled aria-busy="true">
                  <Spinner size={16} />
                  {t('gallery.buttons.loading_text')}
                </Button>
              </Specimen>
              <Specimen label={t('gallery.buttons.icon')}>
                <Button variant="secondary">
                  <Icon name="deposit" size={18} />
                  {t('gallery.buttons.deposit')}
                </Button>
              </Specimen>
              <Specimen label={t('gallery.buttons.link')}>
                <a href="#gallery-buttons" {...buttonLook({ variant: 'outline' })}>
                  {t('gallery.buttons.link_text')}
                </a>
              </Specimen>
              <Specimen label={t('gallery.buttons.block')} wide>
                <Button block>{t('gallery.buttons.action')}</Button>
              </Specimen>
            </Specimens>
          </Section>

          <Section id="inputs" t={t}>
            <Specimens>
              <Specimen label={t('gallery.inputs.empty')} wide>
                <div className="inline-form">
                  <input aria-label={t('gallery.inputs.label')} placeholder={t('gallery.inputs.placeholder')} />
                  <Button size="sm">{t('gallery.inputs.save')}</Button>
                </div>
              </Specimen>
              <Specimen label={t('gallery.inputs.filled')} wide>
                <div className="inline-form">
                  <input aria-label={t('gallery.inputs.label')} defaultValue={t('gallery.inputs.value')} />
                  <Button size="sm">{t('gallery.inputs.save')}</Button>
                </div>
              </Specimen>
              <Specimen label={t('gallery.inputs.error')} wide>
                <div className="gallery-field">
                  <div className="inline-form">
                    <input
                      aria-label={t('gallery.inputs.label')}
                      aria-invalid="true"
                      aria-describedby="gallery-input-error"
                      defaultValue={t('gallery.inputs.bad_value')}
                    />
                    <Button size="sm">{t('gallery.inputs.save')}</Button>
                  </div>
                  <p id="gallery-input-error" className="gallery-field__error">
                    {t('gallery.inputs.error_text')}
                  </p>
                </div>
              </Specimen>
              <Specimen label={t('gallery.inputs.disabled')} wide>
                <div className="inline-form">
                  <input aria-label={t('gallery.inputs.label')} defaultValue={t('gallery.inputs.value')} disabled />
                  <Button size="sm" disabled>
                    {t('gallery.inputs.save')}
                  </Button>
                </div>
              </Specimen>
              <Specimen label={t('gallery.inputs.date')} wide>
                <div className="inline-form">
                  <DateInput
                    aria-label={t('gallery.inputs.date_label')}
                    order={dateOrder(intlLocale(locale))}
                    pattern={t('gallery.inputs.date_pattern')}
                  />
                </div>
              </Specimen>
            </Specimens>
          </Section>

          <Section id="notices" t={t}>
            {view?.noticeShown === false ? (
              <div className="gallery-row">
                <p className="gallery-muted">{t('gallery.notices.dismissed')}</p>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={props.onRestoreNotice}
                  data-testid="gallery-notice-restore"
                >
                  {t('gallery.notices.restore')}
                </Button>
              </div>
            ) : (
              <div className="gallery-stack">
                <Notice
                  notice={{ id: 'gallery.notices.success' }}
                  failure={null}
                  closeLabel={t('gallery.close')}
                  onClose={view ? props.onDismissNotice : noop}
                  testId="gallery-notice-success"
                />
                <Notice
                  notice={null}
                  failure={failure}
                  closeLabel={t('gallery.close')}
                  onClose={view ? props.onDismissNotice : noop}
                  testId="gallery-notice-error"
                />
              </div>
            )}
          </Section>

          <Section id="messages" t={t}>
            <UiMessages messages={failure.messages} />
          </Section>

          <Section id="toasts" t={t}>
            <ul className="gallery-toasts">
              {(['info', 'success', 'error'] as const).map((kind) => (
                <Toast
                  key={kind}
                  kind={kind}
                  role="status"
                  state="visible"
                  hint={t('toast.dismiss_hint')}
                  onDismiss={noop}
                  onPause={noop}
                  onResume={noop}
                  onKeyDown={noop}
                >
                  {t(`gallery.toasts.${kind}`)}
                </Toast>
              ))}
            </ul>
            <Button variant="outline" onClick={props.onShowToast} data-testid="gallery-toast-show">
              {t('gallery.toasts.show')}
            </Button>
          </Section>

          <Section id="modal" t={t}>
            <Button onClick={props.onOpenModal} disabled={!view} data-testid="gallery-modal-open">
              {t('gallery.modal.open')}
            </Button>
            <Modal
              open={view?.modalOpen === true}
              title={t('gallery.modal.title')}
              closeLabel={t('gallery.close')}
              onClose={props.onCloseModal}
              testId="gallery-modal"
            >
              <div className="gallery-stack">
                <p className="gallery-muted">{t('gallery.modal.body')}</p>
                <Button block onClick={props.onCloseModal}>
                  {t('gallery.modal.confirm')}
                </Button>
              </div>
            </Modal>
          </Section>

          <Section id="spinner" t={t}>
            <div className="gallery-row">
              <Spinner size={24} />
              <Spinner size={40} />
              <Spinner size={56} label={t('gallery.spinner.label')} />
            </div>
          </Section>

          <Section id="skeleton" t={t}>
            <div className="gallery-skeleton">
              <Skeleton width={56} height={56} radius="50%" />
              <div className="gallery-stack">
                <Skeleton width="60%" height={18} />
                <Skeleton width="90%" />
                <Skeleton width="40%" />
              </div>
            </div>
          </Section>

          <Section id="cards" t={t}>
            <div className="surface-card">
              <h3>{t('gallery.cards.title')}</h3>
              <p className="gallery-muted">{t('gallery.cards.body')}</p>
              <div className="gallery-row">
                <Button size="sm">{t('gallery.buttons.action')}</Button>
                <Button size="sm" variant="ghost">
                  {t('gallery.cards.secondary')}
                </Button>
              </div>
            </div>
          </Section>

          <Section id="icons" t={t}>
            <ul className="gallery-icons">
              {ICON_NAMES.map((name) => (
                <li key={name}>
                  <Icon name={name} />
                  <code>{name}</code>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="money" t={t}>
            <ul className="gallery-money">
              {AMOUNTS.map((centavos) => (
                <li key={centavos} data-negative={centavos < 0}>
                  <span className="gallery-money__value">{formatBRL(intlLocale(locale), centavos)}</span>
                  <code>{t('gallery.money.centavos', { centavos })}</code>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
    </article>
  );
}

function Section({ id, t, children }: { id: GallerySection; t: (id: string) => string; children: ReactNode }) {
  const headingId = `gallery-${id}-title`;
  return (
    <section id={`gallery-${id}`} className="gallery-section" aria-labelledby={headingId} data-testid={`gallery-${id}`}>
      <header className="gallery-section__header">
        <h2 id={headingId}>{t(`gallery.section.${id}.title`)}</h2>
        <p>{t(`gallery.section.${id}.description`)}</p>
      </header>
      <div className="gallery-section__stage">{children}</div>
    </section>
  );
}

function Specimens({ children }: { children: ReactNode }) {
  return <div className="gallery-specimens">{children}</div>;
}

function Specimen({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <figure className="gallery-specimen" data-wide={wide === true}>
      <div className="gallery-specimen__demo">{children}</div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
