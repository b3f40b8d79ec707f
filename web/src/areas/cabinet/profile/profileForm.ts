/**
 * The seller profile wizard's data: which fields each step shows (core §2 steps; the step list itself comes from
 * the API), which of the API's field messages belong to a step, and where each missing item of the dashboard
 * links. The rules themselves live in the backend (domain/legitimation/seller_profile.py); the form shows its messages.
 */
export type WizardStep = 'business' | 'personal' | 'representative' | 'details' | 'tax' | 'documents' | 'summary';

export type FieldKind = 'text' | 'date' | 'country' | 'select' | 'bool';
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** i18n key under `enums` for a select's options */
  options?: string;
  values?: readonly string[];
}

export const BUSINESS_TYPES = ['natural', 'entity'] as const;
export const SALUTATIONS = ['mr', 'mrs', 'non_binary', 'dr', 'none'] as const;
export const POSITIONS = [
  'founder',
  'c_level',
  'product_manager',
  'marketing_manager',
  'project_manager',
  'agency',
  'freelancer',
  'solopreneur',
  'other',
] as const;
export const EMPLOYEE_SIZES = ['1-5', '6-20', '21-99', '100-500', '500+'] as const;
export const VAT_EXEMPT_REASONS = ['small_business', 'educational', 'regulated_profession', 'other'] as const;
export const TAX_NO_TYPES = ['tax_no', 'tax_ident_no'] as const;
export const BANK_ACCOUNT_TYPES = ['lemonway', 'mango_pay', 'provider_connect', 'inkasso'] as const;

const person: FieldSpec[] = [
  { name: 'salutation', kind: 'select', options: 'salutation', values: SALUTATIONS },
  { name: 'firstName', kind: 'text' },
  { name: 'lastName', kind: 'text' },
  { name: 'birthday', kind: 'date' },
  { name: 'nationality', kind: 'country' },
  { name: 'phone', kind: 'text' },
];
const address: FieldSpec[] = [
  { name: 'street', kind: 'text' },
  { name: 'streetNumber', kind: 'text' },
  { name: 'zip', kind: 'text' },
  { name: 'city', kind: 'text' },
  { name: 'countryCode', kind: 'country' },
];

/** The fields of a step (the API's step list already differs by business type). */
export function stepFields(step: WizardStep): FieldSpec[] {
  switch (step) {
    case 'business':
      return [
        { name: 'businessType', kind: 'select', options: 'businessType', values: BUSINESS_TYPES },
        { name: 'vatPayer', kind: 'bool' },
      ];
    case 'personal':
      return [...person, ...address];
    case 'representative':
      return [...person, { name: 'position', kind: 'select', options: 'position', values: POSITIONS }];
    case 'details':
      return [
        { name: 'company', kind: 'text' },
        ...address,
        { name: 'region', kind: 'text' },
        { name: 'registrationLocation', kind: 'text' },
        { name: 'employeeSize', kind: 'select', options: 'employeeSize', values: EMPLOYEE_SIZES },
      ];
    case 'tax':
      return [
        { name: 'vatId', kind: 'text' },
        { name: 'vatExemptReason', kind: 'select', options: 'vatExemptReason', values: VAT_EXEMPT_REASONS },
        { name: 'taxNoType', kind: 'select', options: 'taxNoType', values: TAX_NO_TYPES },
        { name: 'taxNo', kind: 'text' },
        { name: 'taxIdentNo', kind: 'text' },
        { name: 'issuanceCountryCode', kind: 'country' },
      ];
    default:
      return [];
  }
}

/** snake_case or camelCase, as the API's field keys may arrive: one form to compare. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The API's messages for the fields a step shows (beneficial owners belong to the details step). */
export function stepErrors(errors: Record<string, unknown> | null | undefined, step: WizardStep): Record<string, string> {
  const names = new Set(stepFields(step).map((f) => f.name));
  const out: Record<string, string> = {};
  for (const [raw, message] of Object.entries(errors ?? {})) {
    const key = camelKey(raw);
    const owner = key.startsWith('beneficialOwners');
    if (names.has(key) || (owner && step === 'details')) out[key] = String(message);
  }
  return out;
}

/** Which fields of the tax step apply: the number of the chosen type, the exempt reason only when not VAT liable. */
export function visibleField(name: string, values: Record<string, unknown>): boolean {
  if (name === 'vatExemptReason') return values.vatPayer === false;
  if (name === 'vatId') return values.vatPayer !== false;
  if (name === 'taxNo') return values.taxNoType !== 'tax_ident_no';
  if (name === 'taxIdentNo') return values.taxNoType === 'tax_ident_no';
  return true;
}

export const PROFILE_MODAL_URL = '/cabinet/profile/edit?seller_profile_edit=true';

/** Where a missing item of the dashboard (GET /v1/cabinet/legitimation `missing`) sends the seller. */
export function missingLink(item: string): string {
  const step = { profile: 'business', providerData: 'personal', provider_data: 'personal', documents: 'documents', bankAccount: 'documents', bank_account: 'documents', submission: 'summary', changes: 'summary' }[item];
  return step ? `${PROFILE_MODAL_URL}&step=${step}` : PROFILE_MODAL_URL;
}

/** A message key of the API (`required`, `wrong vat`, …) as a translation key under `profileErrors`. */
export function messageKey(message: string): string {
  return message.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '').toLowerCase();
}
