/** The countries of the SEPA scheme (as the API's domain/payment_methods.py SEPA_COUNTRIES). */
const SEPA_COUNTRIES = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK IS LI NO CH GB MC SM VA AD'.split(' '));

/** An IBAN as typed (any spacing or case) without its spaces, in capitals. */
export function normalIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: the check digits hold (mod 97 of the rearranged number is 1). */
export function ibanChecks(value: string): boolean {
  const iban = normalIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** What keeps a direct debit from being sent, as i18n keys (the API checks the same, with the bank's rules). */
export function sepaProblems(iban: string, holder: string): { iban?: string; holder?: string } {
  const out: { iban?: string; holder?: string } = {};
  if (holder.trim().length < 2) out.holder = 'validation.required';
  if (!normalIban(iban)) out.iban = 'validation.required';
  else if (!ibanChecks(iban)) out.iban = 'shop.sepa.ibanInvalid';
  else if (!SEPA_COUNTRIES.has(normalIban(iban).slice(0, 2))) out.iban = 'shop.sepa.notSepa';
  return out;
}
