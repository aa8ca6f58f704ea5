import { useIntl } from 'react-intl';
import { Button } from '../../ui/button';
import './session.css';

/**
 * The 18+ question (§2.3), as a panel fixed to the bottom of the page. Answering yes stores `ageVerified`; the
 * modal machine then opens registration 2 s later for a guest.
 */
export function AgeGate({ vm, onConfirm, onLeave, onBack }: {
  vm: { visible: boolean; refused: boolean };
  onConfirm: () => void;
  onLeave: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (!vm.visible) return null;
  return (
    <section className="age-gate" role="dialog" aria-modal="false" aria-labelledby="age-gate-title" data-testid="age-gate">
      <div className="age-gate__inner">
        <h2 id="age-gate-title" className="age-gate__title">
          {t('session.age_gate.title')}
        </h2>
        {vm.refused ? (
          <>
            <p>{t('session.age_gate.refused')}</p>
            <Button variant="ghost" onClick={onBack}>
              {t('session.age_gate.back')}
            </Button>
          </>
        ) : (
          <>
            <p>{t('session.age_gate.text')}</p>
            <div className="age-gate__actions">
              <Button onClick={onConfirm} data-testid="age-gate-confirm">
                {t('session.age_gate.confirm')}
              </Button>
              <Button variant="outline" onClick={onLeave}>
                {t('session.age_gate.leave')}
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
