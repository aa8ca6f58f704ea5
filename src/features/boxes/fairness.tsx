import type { BoxCommitment, BoxFairness } from '../../../machines/boxes/boxes.types';
import { useT } from '../../i18n/use-t';

function Row({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="fairness__row">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
      </dd>
    </div>
  );
}

/**
 * Provably fair: the commitment shown before a purchase (the server seed's SHA-256, the client seed and
 * the nonce), the revealed draw after an opening (the server seed and the roll), and how to check it.
 */
export function Fairness({
  commitment,
  revealed,
  verified,
}: {
  commitment: BoxCommitment | null;
  revealed: BoxFairness | null;
  /** This browser's re-computation of the revealed draw (null: not done yet). */
  verified: boolean | null;
}) {
  const t = useT();
  return (
    <section className="fairness" aria-labelledby="fairness-title" data-testid="fairness">
      <h2 id="fairness-title" className="box-section__title">
        {t('boxes.fair.title')}
      </h2>
      {revealed ? (
        <>
          <p className="box-section__lead">{t('boxes.fair.revealed_lead')}</p>
          <dl className="fairness__list" data-testid="fairness-revealed">
            <Row label={t('boxes.fair.server_seed')} value={revealed.server_seed} testId="fair-server-seed" />
            <Row label={t('boxes.fair.server_seed_hash')} value={revealed.server_seed_hash} />
            <Row label={t('boxes.fair.client_seed')} value={revealed.client_seed} />
            <Row label={t('boxes.fair.nonce')} value={revealed.nonce} />
            <Row label={t('boxes.fair.roll')} value={revealed.roll} testId="fair-roll" />
          </dl>
          {verified !== null ? (
            <p className="fairness__verified" data-ok={verified} data-testid="fair-verified" role="status">
              {t(verified ? 'boxes.fair.verified' : 'boxes.fair.not_verified')}
            </p>
          ) : null}
        </>
      ) : commitment ? (
        <>
          <p className="box-section__lead">{t('boxes.fair.commitment_lead')}</p>
          <dl className="fairness__list" data-testid="fairness-commitment">
            <Row label={t('boxes.fair.server_seed_hash')} value={commitment.server_seed_hash} testId="fair-hash" />
            <Row label={t('boxes.fair.client_seed')} value={commitment.client_seed} />
            <Row label={t('boxes.fair.nonce')} value={commitment.nonce} />
          </dl>
        </>
      ) : (
        <p className="box-section__lead">{t('boxes.fair.guest_lead')}</p>
      )}
      <details className="fairness__how">
        <summary>{t('boxes.fair.how_title')}</summary>
        <ol>
          <li>{t('boxes.fair.how_1')}</li>
          <li>{t('boxes.fair.how_2')}</li>
          <li>{t('boxes.fair.how_3')}</li>
          <li>{t('boxes.fair.how_4')}</li>
        </ol>
      </details>
    </section>
  );
}
