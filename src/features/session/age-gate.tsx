import type { AgeGateState } from '../../../machines/login-modal/age-gate.connect';
import { Button } from '../../ui/button';
import './session.css';
import { useT } from '../../i18n/use-t';

/**
 * The 18+ question (§2.3), as a panel fixed to the bottom of the page. Answering yes stores `ageVerified`; the
 * modal machine then opens registration 2 s later for a guest whose login modal is not in use.
 * The wrapper is always there and carries the gate's state (`data-state`: asking, refused, waiting, done), so
 * QA and tests can tell when the 2 s decision has been made.
 */
export function AgeGate({
  vm,
  onConfirm,
  onLeave,
  onBack,
}: {
  vm: { visible: boolean; refused: boolean; state: AgeGateState };
  onConfirm: () => void;
  onLeave: () => void;
  onBack: () => void;
}) {
  return (
    <div className="age-gate-region" data-testid="age-gate-region" data-state={vm.state}>
      {vm.visible ? (
        <AgeGatePanel refused={vm.refused} onConfirm={onConfirm} onLeave={onLeave} onBack={onBack} />
      ) : null}
    </div>
  );
}

function AgeGatePanel({
  refused,
  onConfirm,
  onLeave,
  onBack,
}: {
  refused: boolean;
  onConfirm: () => void;
  onLeave: () => void;
  onBack: () => void;
}) {
  const t = useT();
  return (
    <section
      className="age-gate"
      role="dialog"
      aria-modal="false"
      aria-labelledby="age-gate-title"
      data-testid="age-gate"
    >
      <div className="age-gate__inner">
        <h2 id="age-gate-title" className="age-gate__title">
          {t('session.age_gate.title')}
        </h2>
        {refused ? (
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
