import { useIntl } from 'react-intl';
import type { SaleView } from '../../../machines/boxes/boxes.connect';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { UiMessages } from '../../ui/ui-message';
import { formatBRL } from './format';
import { useT } from '../../i18n/use-t';

/** The sale's confirmation: what will be credited, confirm or cancel; a refusal with retry. */
export function SaleDialog({
  sale,
  name,
  onConfirm,
  onCancel,
  onRetry,
}: {
  sale: SaleView | null;
  name: string;
  onConfirm(): void;
  onCancel(): void;
  onRetry(): void;
}) {
  const intl = useIntl();
  const t = useT();
  const open = sale !== null && (sale.status === 'confirming' || sale.status === 'selling' || sale.status === 'failed');
  if (!sale) return null;
  return (
    <Modal
      open={open}
      title={t(sale.kind === 'box' ? 'boxes.sale.title_box' : 'boxes.sale.title_prize')}
      closeLabel={t('boxes.close')}
      onClose={onCancel}
      testId="sale-dialog"
    >
      <p>{t('boxes.sale.text', { name, value: formatBRL(intl.locale, sale.value) })}</p>
      {sale.status === 'failed' ? <UiMessages messages={sale.failure?.messages ?? []} /> : null}
      <div className="box-dialog__actions">
        {sale.status === 'failed' ? (
          <Button onClick={onRetry}>{t('boxes.retry')}</Button>
        ) : (
          <Button onClick={onConfirm} disabled={sale.status === 'selling'} data-testid="sale-confirm">
            {sale.status === 'selling' ? t('boxes.sale.selling') : t('boxes.sale.confirm')}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={sale.status === 'selling'}>
          {t('boxes.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
