import { useId, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { DocumentView } from '../../../machines/documents/document.connect';
import type { VerificationView } from '../../../machines/documents/document.connect';
import type { DocumentType } from '../../../machines/documents/document.types';
import { acceptedTypesOf, DOCUMENT_MAX_BYTES } from '../../../shared/documents';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { UiMessages } from '../../ui/ui-message';
import { formatInSaoPaulo } from '../../../shared/sao-paulo';
import './verification.css';
import { useT } from '../../i18n/use-t';

const ICONS: Record<DocumentType, string> = {
  id_front: 'M4 6h16v12H4z M7 10h4v4H7z M13 10h4 M13 13h3',
  id_back: 'M4 6h16v12H4z M6 9h12 M6 12h12 M6 15h7',
  selfie: 'M12 4a4 4 0 1 1 0 8a4 4 0 0 1 0-8z M5 20c1-4 4-6 7-6s6 2 7 6',
  proof_of_address: 'M4 11l8-7 8 7 M6 10v10h12V10 M10 20v-5h4v5',
};

export interface VerificationPageProps {
  vm: VerificationView;
  onRetry(): void;
  onRefresh(): void;
  children: React.ReactNode;
}

/** /user/edit/verification: the account's verification state on top, then one card per document type. */
export function VerificationPage({ vm, onRetry, onRefresh, children }: VerificationPageProps) {
  const t = useT();
  const status = vm.verification;
  const approved = status?.documents.filter((d) => d.status === 'approved').length ?? 0;
  const total = status?.documents.length ?? 4;
  return (
    <article className="page verification" data-testid="verification-page">
      <h1 className="page__title">{t('shell.page.user-edit-verification.title')}</h1>
      <p className="verification__intro">{t('verification.intro')}</p>
      {vm.status === 'loading' ? <p role="status">{t('verification.loading')}</p> : null}
      {vm.status === 'failed' ? (
        <div className="surface-card" role="alert">
          <UiMessages messages={vm.failure?.messages ?? []} />
          <Button variant="outline" onClick={onRetry}>
            {t('verification.retry')}
          </Button>
        </div>
      ) : null}
      {status ? (
        <>
          <section
            className="surface-card verification__summary"
            data-verified={status.verified}
            data-testid="verification-summary"
          >
            <div className="verification__meter" aria-hidden="true">
              <span style={{ width: `${(100 * approved) / total}%` }} />
            </div>
            <div className="verification__summary-text">
              <strong>
                {t(status.verified ? 'verification.summary.verified' : 'verification.summary.unverified')}
              </strong>
              <span>{t('verification.summary.progress', { approved, total })}</span>
              {status.kycRequired && !status.verified ? (
                <span className="verification__muted">{t('verification.summary.kyc')}</span>
              ) : null}
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={onRefresh}
              disabled={vm.refreshing}
              data-testid="verification-refresh"
            >
              {t(vm.refreshing ? 'verification.refreshing' : 'verification.refresh')}
            </Button>
          </section>
          {vm.failure ? (
            <div role="alert" className="verification__problem">
              <UiMessages messages={vm.failure.messages} />
            </div>
          ) : null}
          <div className="verification__cards">{children}</div>
          <p className="verification__muted verification__privacy">{t('verification.privacy')}</p>
        </>
      ) : null}
    </article>
  );
}

export interface DocumentCardProps {
  vm: DocumentView;
  /** The object URL of the chosen image (made by the app's file store, never by a machine). */
  previewUrl: string | null;
  onChoose(file: File): void;
  onClear(): void;
  onUpload(): void;
  onCancel(): void;
  onDismiss(): void;
}

const TONE: Record<DocumentView['stage'], 'neutral' | 'info' | 'warning' | 'success' | 'error'> = {
  empty: 'neutral',
  selected: 'info',
  uploading: 'info',
  pendingReview: 'warning',
  cancelling: 'warning',
  approved: 'success',
  rejected: 'error',
  cancelled: 'neutral',
};

/** One document: its status, what to send, the preview and progress, the review's reason, cancel. */
export function DocumentCard({ vm, previewUrl, onChoose, onClear, onUpload, onCancel, onDismiss }: DocumentCardProps) {
  const intl = useIntl();
  const t = useT();
  const inputId = useId();
  const { type, stage, document } = vm;
  const max = intl.formatNumber(DOCUMENT_MAX_BYTES / (1024 * 1024), { style: 'unit', unit: 'megabyte' });
  const date = (iso: string | null) =>
    iso ? formatInSaoPaulo(iso, intl.locale, { dateStyle: 'short', timeStyle: 'short' }) : '';
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) onChoose(file);
  };
  const chooseLabel =
    stage === 'selected'
      ? 'verification.choose_other'
      : stage === 'rejected' || stage === 'cancelled'
        ? 'verification.resend'
        : 'verification.choose';
  return (
    <section
      className="surface-card document-card"
      data-stage={stage}
      data-testid={`document-${type}`}
      aria-labelledby={`${inputId}-title`}
    >
      <header className="document-card__head">
        <span className="document-card__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d={ICONS[type]} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <div className="document-card__titles">
          <h2 id={`${inputId}-title`}>{t(`verification.type.${type}.title`)}</h2>
          <p className="verification__muted">{t(`verification.type.${type}.hint`)}</p>
        </div>
        <span className="document-card__badge" data-tone={TONE[stage]} data-testid={`document-${type}-status`}>
          {t(`verification.stage.${stage}`)}
        </span>
      </header>

      {stage === 'rejected' && document.reason ? (
        <p className="document-card__reason" role="note" data-testid={`document-${type}-reason`}>
          {t('verification.reason', { reason: document.reason })}
        </p>
      ) : null}
      {document.createdAt && (stage === 'pendingReview' || stage === 'approved' || stage === 'rejected') ? (
        <p className="verification__muted document-card__dates">
          {t('verification.sent_at', { date: date(document.createdAt) })}
          {document.reviewedAt ? ` · ${t('verification.reviewed_at', { date: date(document.reviewedAt) })}` : ''}
        </p>
      ) : null}

      {vm.file ? (
        <div className="document-card__preview" data-testid={`document-${type}-preview`}>
          {previewUrl ? (
            <img src={previewUrl} alt={t('verification.preview_alt')} />
          ) : (
            <span className="document-card__pdf">{t('verification.pdf_chosen')}</span>
          )}
          <span className="verification__muted">
            {vm.file.size < 1024 * 1024
              ? intl.formatNumber(Math.max(1, Math.round(vm.file.size / 1024)), { style: 'unit', unit: 'kilobyte' })
              : intl.formatNumber(vm.file.size / (1024 * 1024), {
                  style: 'unit',
                  unit: 'megabyte',
                  maximumFractionDigits: 1,
                })}
          </span>
        </div>
      ) : null}

      {stage === 'uploading' ? (
        <div className="document-card__progress" role="status" data-testid={`document-${type}-progress`}>
          <progress max={100} value={vm.progress} aria-label={t('verification.progress', { percent: vm.progress })} />
          <span>{t('verification.progress', { percent: vm.progress })}</span>
        </div>
      ) : null}

      {vm.problem ? (
        <p className="verification__problem" role="alert" data-testid={`document-${type}-problem`}>
          {t(vm.problem, { max })}
        </p>
      ) : null}
      <Notice
        notice={vm.notice}
        failure={vm.failure}
        closeLabel={t('verification.dismiss')}
        onClose={onDismiss}
        testId={`document-${type}-notice`}
      />

      <div className="document-card__actions">
        {vm.canChoose ? (
          <>
            <input
              id={inputId}
              className="document-card__input"
              type="file"
              accept={acceptedTypesOf(type).join(',')}
              onChange={choose}
              data-testid={`document-${type}-input`}
            />
            <label
              htmlFor={inputId}
              className="btn"
              data-variant={stage === 'selected' ? 'outline' : 'secondary'}
              data-size="md"
            >
              {t(chooseLabel)}
            </label>
          </>
        ) : null}
        {vm.canUpload ? (
          <>
            <Button variant="ghost" onClick={onClear} data-testid={`document-${type}-clear`}>
              {t('verification.clear')}
            </Button>
            <Button onClick={onUpload} data-testid={`document-${type}-upload`}>
              {t('verification.upload')}
            </Button>
          </>
        ) : null}
        {vm.canCancel ? (
          <Button variant="outline" onClick={onCancel} data-testid={`document-${type}-cancel`}>
            {t('verification.cancel')}
          </Button>
        ) : null}
      </div>
      {vm.canChoose ? (
        <p className="verification__muted document-card__accepted">
          {t(type === 'proof_of_address' ? 'verification.accepted_address' : 'verification.accepted', { max })}
        </p>
      ) : null}
    </section>
  );
}
