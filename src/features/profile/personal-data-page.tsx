import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { PersonalDataView } from '../../../machines/personal-data/personal-data.connect';
import type { PersonalDataInput, PersonalField } from '../../../machines/personal-data/personal-data.types';
import { ADDRESS_FIELDS, UFS, type Address } from '../../../shared/personal-data';
import { dateOrder, datePattern, maskDate, parseDate } from '../../lib/date-text';
import { Button } from '../../ui/button';
import { DateInput } from '../../ui/date-input';
import { Notice } from '../../ui/notice';
import { UiMessages } from '../../ui/ui-message';
import './profile.css';
import './user-pages.css';
import { useT } from '../../i18n/use-t';

export interface PersonalDataPageProps {
  vm: PersonalDataView;
  onSave(input: PersonalDataInput): void;
  onRetry(): void;
  onDismiss(): void;
}

const TEXT_FIELDS: ReadonlyArray<{ field: 'first_name' | 'last_name'; autoComplete: string }> = [
  { field: 'first_name', autoComplete: 'given-name' },
  { field: 'last_name', autoComplete: 'family-name' },
];
const ADDRESS_AUTOCOMPLETE: Record<Exclude<(typeof ADDRESS_FIELDS)[number], 'state'>, string> = {
  postal_code: 'postal-code',
  street: 'address-line1',
  number: 'off',
  complement: 'address-line2',
  district: 'address-level3',
  city: 'address-level2',
};

/**
 * /user/edit/personal-data: what Portaria 2.579 asks at sign-up (name, birth date, CPF, address). The CPF only ever
 * shows masked; once the identity is verified everything is read-only.
 */
export function PersonalDataPage({ vm, onSave, onRetry, onDismiss }: PersonalDataPageProps) {
  const intl = useIntl();
  const t = useT();
  const order = dateOrder(intl.locale);
  const values = vm.values;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const birth = text('birth_date');
    onSave({
      first_name: text('first_name'),
      last_name: text('last_name'),
      birth_date: parseDate(birth, order) ?? birth,
      address: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(f)])) as Address,
    });
  };
  const problem = (field: PersonalField) => vm.problems[field];
  const aria = (field: PersonalField) => ({
    id: `personal-${field}`,
    name: field,
    'aria-invalid': problem(field) ? true : undefined,
    'aria-describedby': problem(field) ? `personal-${field}-problem` : undefined,
    disabled: vm.busy,
    'data-testid': `personal-${field}`,
  });
  const fieldProblem = (field: PersonalField) =>
    problem(field) ? (
      <p className="profile__problem" id={`personal-${field}-problem`} data-testid={`personal-${field}-problem`}>
        {t(problem(field) as string)}
      </p>
    ) : null;
  const label = (field: PersonalField) => (
    <label htmlFor={`personal-${field}`}>
      {t(`profile.personal.field.${field}`)}
      {field === 'complement' ? <span className="profile__muted"> {t('profile.personal.optional')}</span> : null}
    </label>
  );
  const readOnlyRow = (labelId: string, value: string, testId: string) => (
    <div className="personal__row" key={testId}>
      <dt>{t(labelId)}</dt>
      <dd data-testid={testId}>{value || '—'}</dd>
    </div>
  );

  return (
    <article className="page profile" data-testid="personal-data-page">
      <h1 className="page__title">{t('shell.page.user-edit-personal-data.title')}</h1>
      {vm.status === 'loading' ? <p role="status">{t('profile.loading')}</p> : null}
      {vm.status === 'failed' ? (
        <div className="surface-card" role="alert">
          <UiMessages messages={vm.failure?.messages ?? []} />
          <Button variant="outline" onClick={onRetry}>
            {t('profile.retry')}
          </Button>
        </div>
      ) : null}
      {vm.status !== 'loading' && vm.status !== 'failed' && values ? (
        <>
          <Notice
            notice={vm.notice}
            failure={vm.failure}
            closeLabel={t('profile.close')}
            onClose={onDismiss}
            testId="personal-notice"
          />
          <section className="surface-card" aria-labelledby="personal-cpf-title">
            <h2 id="personal-cpf-title">{t('profile.personal.document')}</h2>
            <dl className="personal__list">
              {readOnlyRow('profile.personal.cpf', vm.cpfMasked ?? t('profile.personal.cpfNone'), 'personal-cpf')}
            </dl>
            <p className="profile__muted">{t('profile.personal.cpfHint')}</p>
            {vm.editable ? null : (
              <p className="personal__verified" data-testid="personal-verified">
                {t('profile.personal.verified')}
              </p>
            )}
          </section>
          {vm.editable ? (
            <form
              // What the platform stored (or the form sent) replaces what the fields show.
              key={JSON.stringify(values)}
              className="surface-card personal__form"
              onSubmit={submit}
              noValidate
              data-testid="personal-form"
            >
              <h2>{t('profile.personal.identity')}</h2>
              <div className="personal__grid">
                {TEXT_FIELDS.map(({ field, autoComplete }) => (
                  <div className="personal__field" key={field}>
                    {label(field)}
                    <input
                      {...aria(field)}
                      className="input"
                      defaultValue={values[field]}
                      autoComplete={autoComplete}
                    />
                    {fieldProblem(field)}
                  </div>
                ))}
                <div className="personal__field">
                  {label('birth_date')}
                  <DateInput
                    {...aria('birth_date')}
                    className="input"
                    autoComplete="bday"
                    order={order}
                    pattern={datePattern(order, {
                      day: t('profile.personal.dateLetters.day'),
                      month: t('profile.personal.dateLetters.month'),
                      year: t('profile.personal.dateLetters.year'),
                    })}
                    defaultValue={maskDate(values.birth_date, order)}
                  />
                  {fieldProblem('birth_date')}
                </div>
              </div>
              <h2>{t('profile.personal.address')}</h2>
              <p className="profile__muted">{t('profile.personal.addressHint')}</p>
              <div className="personal__grid">
                {(Object.keys(ADDRESS_AUTOCOMPLETE) as Array<keyof typeof ADDRESS_AUTOCOMPLETE>).map((field) => (
                  <div className={`personal__field personal__field--${field}`} key={field}>
                    {label(field)}
                    <input
                      {...aria(field)}
                      className="input"
                      defaultValue={values.address[field]}
                      autoComplete={ADDRESS_AUTOCOMPLETE[field]}
                      inputMode={field === 'postal_code' ? 'numeric' : undefined}
                      placeholder={field === 'postal_code' ? '00000-000' : undefined}
                    />
                    {fieldProblem(field)}
                  </div>
                ))}
                <div className="personal__field">
                  {label('state')}
                  <select {...aria('state')} className="input" defaultValue={values.address.state}>
                    <option value="">{t('profile.personal.choose')}</option>
                    {UFS.map((uf) => (
                      <option key={uf} value={uf}>
                        {uf}
                      </option>
                    ))}
                  </select>
                  {fieldProblem('state')}
                </div>
              </div>
              <div>
                <Button type="submit" variant="secondary" disabled={vm.busy} data-testid="personal-save">
                  {vm.busy ? t('profile.saving') : t('profile.save')}
                </Button>
              </div>
            </form>
          ) : (
            <section className="surface-card" aria-labelledby="personal-readonly-title" data-testid="personal-readonly">
              <h2 id="personal-readonly-title">{t('profile.personal.identity')}</h2>
              <dl className="personal__list">
                {readOnlyRow('profile.personal.field.first_name', values.first_name, 'personal-first_name-value')}
                {readOnlyRow('profile.personal.field.last_name', values.last_name, 'personal-last_name-value')}
                {readOnlyRow(
                  'profile.personal.field.birth_date',
                  values.birth_date
                    ? new Intl.DateTimeFormat(intl.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
                        new Date(`${values.birth_date}T00:00:00Z`),
                      )
                    : '',
                  'personal-birth_date-value',
                )}
              </dl>
              <h2>{t('profile.personal.address')}</h2>
              <dl className="personal__list">
                {ADDRESS_FIELDS.map((field) =>
                  readOnlyRow(`profile.personal.field.${field}`, values.address[field], `personal-${field}-value`),
                )}
              </dl>
            </section>
          )}
        </>
      ) : null}
    </article>
  );
}
