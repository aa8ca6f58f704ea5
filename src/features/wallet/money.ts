import { formatBRL } from '../../../shared/money';

export { formatBRL };
