// Conversions to soles for the rules that are stated in PEN (detraction, perception, boleta threshold).
import { round2, type Decimal } from '../../money.ts';

export function toPen(amount: Decimal, currency: string, exchangeRate: Decimal | undefined): Decimal | undefined {
  if (currency === 'PEN') return amount;
  if (!exchangeRate) return undefined;
  return round2(amount.times(exchangeRate));
}
